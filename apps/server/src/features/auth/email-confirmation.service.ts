import { fillTemplate, translations } from '@summa/shared';
import type { MailMessage } from '../../providers/mail/mail-provider.js';
import { AppError } from '../../http/app-error.js';
import { findAccount } from './auth.repository.js';
import {
  confirmWithToken,
  createConfirmationToken,
  syncAdminRoles,
} from './email-confirmation.repository.js';
import type { AuthDeps } from './session.service.js';
import { randomToken, sha256 } from './tokens.service.js';

/** A confirmation link works once, for a week (long enough for a reader who signs up and forgets). */
export const CONFIRMATION_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export type EmailConfirmationDeps = Pick<
  AuthDeps,
  'db' | 'adminEmails' | 'forgetSessions' | 'mail' | 'baseUrl'
>;

/** Proving an account's address with a mailed link, and the admin role that follows proven addresses. */
export class EmailConfirmationService {
  constructor(private readonly deps: EmailConfirmationDeps) {}

  /** Mails a confirmation link to the account's address, in the background; nothing once it is proven. */
  request(userId: string): void {
    const baseUrl = this.deps.baseUrl();
    this.deps.mail.dispatch(() => this.prepareMail(userId, baseUrl));
  }

  /**
   * Spends a confirmation link: the address is proven, and the admin role follows when ADMIN_EMAILS
   * lists it. Answers the account's id; 400 INVALID_TOKEN for an unknown, used or expired link.
   */
  async confirm(token: string): Promise<string> {
    const userId = await confirmWithToken(this.deps.db, sha256(token), this.deps.adminEmails);
    if (!userId) throw new AppError('INVALID_TOKEN', 400);
    // This instance's cached session checks carry the role: the new one applies at once.
    this.deps.forgetSessions({ userId });
    return userId;
  }

  /**
   * At start: the admin role follows ADMIN_EMAILS for proven addresses (DESIGN.md Auth). Answers
   * how many addresses are listed and how many of them have a proven account.
   */
  async syncAdminRoles(): Promise<{ listed: number; confirmed: number }> {
    return syncAdminRoles(this.deps.db, this.deps.adminEmails);
  }

  private async prepareMail(userId: string, baseUrl: string): Promise<MailMessage | undefined> {
    const { db } = this.deps;
    const account = await findAccount(db, userId);
    if (!account || account.emailConfirmed) return undefined;
    const token = randomToken();
    await createConfirmationToken(db, {
      hash: sha256(token),
      userId,
      email: account.email,
      expiresAt: new Date(Date.now() + CONFIRMATION_TOKEN_TTL_SECONDS * 1000),
    });
    const texts = translations[account.preferredLanguage].authMail.confirmEmail;
    const link = `${baseUrl}/auth/confirm?token=${encodeURIComponent(token)}`;
    return {
      to: account.email,
      subject: texts.subject,
      text: fillTemplate(texts.body, { name: account.fullName, link }),
    };
  }
}
