import { z } from 'zod';
import {
  fillTemplate,
  translations,
  type AccountSession,
  type changeMyEmailRequestSchema,
  type changeMyPasswordRequestSchema,
  type EmailChangePending,
} from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import type { QueuedMail } from '../../plugins/mail.js';
import type { MailMessage } from '../../providers/mail/mail-provider.js';
import type { ReaderReauthentication } from '../../ports/reader-reauthentication.js';
import { findAccount, findPasswordHash, findUserIdByEmail } from './auth.repository.js';
import type { EmailConfirmationService } from './email-confirmation.service.js';
import type { AuthDeps } from './session.service.js';
import { findLiveSessions, findSignIn, replacePassword, revokeOwnSession } from './sessions.repository.js';
import { describeUserAgent } from './user-agent.js';

type ChangePasswordInput = z.output<typeof changeMyPasswordRequestSchema>;
type ChangeEmailInput = z.output<typeof changeMyEmailRequestSchema>;

/** The signed-in reader as these operations need them: the account and the session of the request. */
export interface SignedInReader {
  id: string;
  sessionId: string;
}

/** An account without a password proves it is the reader by a Google sign-in at most this old. */
export const GOOGLE_REAUTH_MAX_AGE_MS = 10 * 60 * 1000;

export interface AccountSecurityDeps extends Pick<
  AuthDeps,
  'db' | 'forgetSessions' | 'mail' | 'baseUrl' | 'passwords'
> {
  confirmation: Pick<EmailConfirmationService, 'requestChange'>;
  now?: () => number;
}

/**
 * What a signed-in reader does to their own credentials (ADR 0023): the password, the address,
 * the list of signed-in devices; and the proof of identity that deleting the account asks for
 * (the ReaderReauthentication port).
 */
export class AccountSecurityService implements ReaderReauthentication {
  private readonly passwordChangedMail: QueuedMail<{ userId: string; baseUrl: string }>;

  constructor(private readonly deps: AccountSecurityDeps) {
    this.passwordChangedMail = deps.mail.define(
      'password-changed',
      z.object({ userId: z.string(), baseUrl: z.string() }),
      ({ userId, baseUrl }) => this.passwordChangedNotice(userId, baseUrl),
    );
  }

  /**
   * Sets a new password. An account with a password must give it (400 PASSWORD_REQUIRED, or
   * WRONG_PASSWORD, and nothing changes); one made with Google sets its first without. Every other
   * session is signed out, this one stays, and the reader is told by e-mail.
   */
  async changePassword(
    reader: SignedInReader,
    input: ChangePasswordInput,
    requestId?: string,
  ): Promise<void> {
    const storedHash = await findPasswordHash(this.deps.db, reader.id);
    if (storedHash === undefined) throw new AppError('UNAUTHORIZED', 401);
    if (storedHash !== null) await this.checkPassword(storedHash, input.currentPassword);
    await replacePassword(
      this.deps.db,
      reader.id,
      await this.deps.passwords.hash(input.newPassword),
      reader.sessionId,
    );
    this.deps.forgetSessions({ userId: reader.id });
    this.passwordChangedMail.dispatch({ userId: reader.id, baseUrl: this.deps.baseUrl() }, requestId);
  }

  /**
   * Mails a link to the new address, which becomes the account's when it is opened (then proven);
   * until then nothing changes and every session goes on. The password is required (an account
   * without one sets it first: 400 PASSWORD_NOT_SET). An address of another account is refused
   * with 409 EMAIL_TAKEN, as sign-up does: the answer tells nothing sign-up does not already tell,
   * and it needs a session, the password and passes the per-account limit (ADR 0023).
   */
  async requestEmailChange(
    reader: SignedInReader,
    input: ChangeEmailInput,
    requestId?: string,
  ): Promise<EmailChangePending> {
    const { db } = this.deps;
    const storedHash = await findPasswordHash(db, reader.id);
    if (storedHash === undefined) throw new AppError('UNAUTHORIZED', 401);
    if (storedHash === null) {
      // The same argon2 work as a wrong password, so the answer's time says nothing more.
      await this.deps.passwords.verify(null, input.password);
      throw new AppError('PASSWORD_NOT_SET', 400);
    }
    await this.checkPassword(storedHash, input.password);
    const account = await findAccount(db, reader.id);
    if (!account) throw new AppError('UNAUTHORIZED', 401);
    if (account.email.toLowerCase() === input.newEmail.toLowerCase()) {
      throw new AppError('EMAIL_UNCHANGED', 400);
    }
    if (await findUserIdByEmail(db, input.newEmail)) throw new AppError('EMAIL_TAKEN', 409);
    this.deps.confirmation.requestChange(reader.id, input.newEmail, requestId);
    return { pendingEmail: input.newEmail };
  }

  /** The reader's live sign-ins, newest use first, the request's own marked `current`. */
  async sessions(reader: SignedInReader): Promise<AccountSession[]> {
    const rows = await findLiveSessions(this.deps.db, reader.id);
    return rows.map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent),
      firstSeenAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.id === reader.sessionId,
    }));
  }

  /**
   * Signs one of the reader's sessions out (the current one too: the client then signs out).
   * 404 for a session that is not the reader's, or no longer live, whoever's it is.
   */
  async endSession(reader: SignedInReader, sessionId: string): Promise<void> {
    if (!(await revokeOwnSession(this.deps.db, reader.id, sessionId))) throw new AppError('NOT_FOUND', 404);
    this.deps.forgetSessions({ sessionId });
  }

  async confirmReader(reader: SignedInReader, password: string | undefined): Promise<void> {
    const storedHash = await findPasswordHash(this.deps.db, reader.id);
    if (storedHash === undefined) throw new AppError('UNAUTHORIZED', 401);
    if (storedHash !== null) {
      await this.checkPassword(storedHash, password);
      return;
    }
    const signIn = await findSignIn(this.deps.db, reader.sessionId);
    const now = this.deps.now?.() ?? Date.now();
    const recentGoogle =
      signIn?.method === 'google' && now - signIn.signedInAt.getTime() <= GOOGLE_REAUTH_MAX_AGE_MS;
    if (!recentGoogle) throw new AppError('REAUTH_REQUIRED', 403);
  }

  /** 400, not 401: the session is fine, and clients take 401 as "signed out". */
  private async checkPassword(storedHash: string, password: string | undefined): Promise<void> {
    if (password === undefined) throw new AppError('PASSWORD_REQUIRED', 400);
    if (!(await this.deps.passwords.verify(storedHash, password))) throw new AppError('WRONG_PASSWORD', 400);
  }

  private async passwordChangedNotice(userId: string, baseUrl: string): Promise<MailMessage | undefined> {
    const account = await findAccount(this.deps.db, userId);
    if (!account) return undefined;
    const texts = translations[account.preferredLanguage].authMail.passwordChanged;
    return {
      to: account.email,
      subject: texts.subject,
      text: fillTemplate(texts.body, { name: account.fullName, link: `${baseUrl}/auth` }),
    };
  }
}
