import { fillTemplate, translations, type Session } from '@summa/shared';
import { z } from 'zod';
import type { QueuedMail } from '../../plugins/mail.js';
import type { MailMessage } from '../../providers/mail/mail-provider.js';
import { AppError } from '../../http/app-error.js';
import { findAccount, findUserIdByEmail } from './auth.repository.js';
import { createResetToken, resetPasswordWithToken } from './recovery.repository.js';
import type { AuthDeps, SessionService } from './session.service.js';
import { randomToken, sha256 } from './tokens.service.js';

/** A reset link works once, within an hour. */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

export interface RecoveryDeps extends Pick<
  AuthDeps,
  'db' | 'adminEmails' | 'forgetSessions' | 'mail' | 'baseUrl' | 'passwords'
> {
  sessions: SessionService;
}

/** Password recovery: a mailed reset link, and the new password it sets. */
export class RecoveryService {
  /** The job carries the address, never a token: the worker that sends the mail makes its link. */
  private readonly resetMail: QueuedMail<{ email: string; baseUrl: string }>;

  constructor(private readonly deps: RecoveryDeps) {
    this.resetMail = deps.mail.define(
      'reset-password',
      z.object({ email: z.string(), baseUrl: z.string() }),
      ({ email, baseUrl }) => this.prepareMail(email, baseUrl),
    );
  }

  /**
   * Mails a reset link when the e-mail has an account. Everything after the rate limits happens in
   * the background (a job is queued for any e-mail; its worker looks the account up), so the
   * answer is the same, in content and in time, for any e-mail.
   */
  request(email: string, requestId?: string): void {
    this.resetMail.dispatch({ email, baseUrl: this.deps.baseUrl() }, requestId);
  }

  /** Sets the new password, proves the address, signs out every session, and signs the user in afresh. */
  async resetPassword(token: string, password: string, userAgent: string | undefined): Promise<Session> {
    const passwordHash = await this.deps.passwords.hash(password);
    const userId = await resetPasswordWithToken(
      this.deps.db,
      sha256(token),
      passwordHash,
      this.deps.adminEmails,
    );
    if (!userId) throw new AppError('INVALID_TOKEN', 400);
    const session = await this.deps.sessions.start(userId, { method: 'recovery', userAgent });
    this.deps.forgetSessions({ userId: session.user.id }); // every earlier session is signed out
    return session;
  }

  private async prepareMail(email: string, baseUrl: string): Promise<MailMessage | undefined> {
    const { db } = this.deps;
    const userId = await findUserIdByEmail(db, email);
    if (!userId) return undefined;
    const account = await findAccount(db, userId);
    if (!account) return undefined;
    const token = randomToken();
    await createResetToken(db, {
      hash: sha256(token),
      userId,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_SECONDS * 1000),
    });
    const texts = translations[account.preferredLanguage].authMail.resetPassword;
    const link = `${baseUrl}/auth/reset?token=${encodeURIComponent(token)}`;
    return {
      to: account.email,
      subject: texts.subject,
      text: fillTemplate(texts.body, { name: account.fullName, link }),
    };
  }
}
