import { fillTemplate, translations } from '@summa/shared';
import { z } from 'zod';
import type { QueuedMail } from '../../plugins/mail.js';
import type { MailMessage } from '../../providers/mail/mail-provider.js';
import { AppError } from '../../http/app-error.js';
import { findAccount } from './auth.repository.js';
import {
  confirmWithToken,
  createChangeToken,
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
  // Queued mails carry ids; the worker that sends one makes its link's token (ADR 0031).
  private readonly confirmMail: QueuedMail<{ userId: string; baseUrl: string }>;
  private readonly changeMail: QueuedMail<{ userId: string; newEmail: string; baseUrl: string }>;
  private readonly changedNotice: QueuedMail<{ userId: string; previousEmail: string; email: string }>;

  constructor(private readonly deps: EmailConfirmationDeps) {
    const { mail } = deps;
    this.confirmMail = mail.define(
      'confirm-email',
      z.object({ userId: z.string(), baseUrl: z.string() }),
      ({ userId, baseUrl }) => this.prepareMail(userId, baseUrl),
    );
    this.changeMail = mail.define(
      'change-email',
      z.object({ userId: z.string(), newEmail: z.string(), baseUrl: z.string() }),
      ({ userId, newEmail, baseUrl }) => this.prepareChangeMail(userId, newEmail, baseUrl),
    );
    this.changedNotice = mail.define(
      'email-changed',
      z.object({ userId: z.string(), previousEmail: z.string(), email: z.string() }),
      ({ userId, previousEmail, email }) => this.prepareChangedNotice(userId, previousEmail, email),
    );
  }

  /**
   * Mails a confirmation link to the account's address, in the background; nothing once it is
   * proven. `requestId`, here and below: the request it is mailed for (the mail job's lines name it).
   */
  request(userId: string, requestId?: string): void {
    this.confirmMail.dispatch({ userId, baseUrl: this.deps.baseUrl() }, requestId);
  }

  /**
   * Mails a link to `newEmail` that makes it the account's address when opened (ADR 0023), in the
   * background; until then the account keeps its address.
   */
  requestChange(userId: string, newEmail: string, requestId?: string): void {
    this.changeMail.dispatch({ userId, newEmail, baseUrl: this.deps.baseUrl() }, requestId);
  }

  /**
   * Spends a confirmation link: the address is proven, and the admin role follows when ADMIN_EMAILS
   * lists it; a link mailed for a change of address makes that address the account's, and the old
   * address is told. Answers the account's id; 400 INVALID_TOKEN for an unknown, used or expired
   * link, 409 EMAIL_TAKEN when the new address became another account's meanwhile.
   */
  async confirm(token: string, requestId?: string): Promise<string> {
    const outcome = await confirmWithToken(this.deps.db, sha256(token), this.deps.adminEmails);
    if (outcome.kind === 'invalid') throw new AppError('INVALID_TOKEN', 400);
    if (outcome.kind === 'taken') throw new AppError('EMAIL_TAKEN', 409);
    // This instance's cached session checks carry the role and address: the new ones apply at once.
    this.deps.forgetSessions({ userId: outcome.userId });
    if (outcome.kind === 'changed') {
      const { userId, previousEmail, email } = outcome;
      this.changedNotice.dispatch({ userId, previousEmail, email }, requestId);
    }
    return outcome.userId;
  }

  /**
   * At start: proven addresses ADMIN_EMAILS lists become admins (it seeds, never demotes; ADR 0030). Answers
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

  private async prepareChangeMail(
    userId: string,
    newEmail: string,
    baseUrl: string,
  ): Promise<MailMessage | undefined> {
    const { db } = this.deps;
    const account = await findAccount(db, userId);
    if (!account) return undefined;
    const token = randomToken();
    await createChangeToken(db, {
      hash: sha256(token),
      userId,
      email: newEmail,
      expiresAt: new Date(Date.now() + CONFIRMATION_TOKEN_TTL_SECONDS * 1000),
    });
    const texts = translations[account.preferredLanguage].authMail.changeEmail;
    const link = `${baseUrl}/auth/confirm?token=${encodeURIComponent(token)}`;
    return {
      to: newEmail,
      subject: texts.subject,
      text: fillTemplate(texts.body, { name: account.fullName, link }),
    };
  }

  private async prepareChangedNotice(
    userId: string,
    previousEmail: string,
    email: string,
  ): Promise<MailMessage | undefined> {
    const account = await findAccount(this.deps.db, userId);
    if (!account) return undefined;
    const texts = translations[account.preferredLanguage].authMail.emailChanged;
    return {
      to: previousEmail,
      subject: texts.subject,
      text: fillTemplate(texts.body, { name: account.fullName, email }),
    };
  }
}
