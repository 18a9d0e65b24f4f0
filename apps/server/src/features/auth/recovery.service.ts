import { fillTemplate, translations, type Session } from '@summa/shared';
import type { Mailer } from '../../plugins/mail.js';
import type { MailMessage } from '../../providers/mail/mail-provider.js';
import { AppError } from '../../http/app-error.js';
import { findAccount, findUserIdByEmail } from './auth.repository.js';
import { hashPassword } from './passwords.service.js';
import { createResetToken, resetPasswordWithToken } from './recovery.repository.js';
import { startSession, type AuthContext } from './session.service.js';
import { randomToken, sha256 } from './tokens.service.js';

/** A reset link works once, within an hour. */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

async function prepareResetMail(
  context: AuthContext,
  email: string,
  baseUrl: string,
): Promise<MailMessage | undefined> {
  const userId = await findUserIdByEmail(context.db, email);
  if (!userId) return undefined;
  const account = await findAccount(context.db, userId);
  if (!account) return undefined;
  const token = randomToken();
  await createResetToken(context.db, {
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

/**
 * Mails a reset link when the e-mail has an account. Everything after the rate limits happens in
 * the background, so the answer is the same, in content and in time, for any e-mail.
 */
export function requestRecovery(
  context: AuthContext & { mail: Mailer },
  email: string,
  baseUrl: string,
): void {
  context.mail.dispatch(() => prepareResetMail(context, email, baseUrl));
}

/** Sets the new password, proves the address, signs out every session, and signs the user in afresh. */
export async function resetPassword(context: AuthContext, token: string, password: string): Promise<Session> {
  const passwordHash = await hashPassword(password);
  const userId = await resetPasswordWithToken(context.db, sha256(token), passwordHash, context.adminEmails);
  if (!userId) throw new AppError('INVALID_TOKEN', 400);
  return startSession(context, userId);
}
