import { fillTemplate, translations } from '@summa/shared';
import type { Mailer } from '../../plugins/mail.js';
import type { MailMessage } from '../../providers/mail/mail-provider.js';
import { AppError } from '../../http/app-error.js';
import { findAccount } from './auth.repository.js';
import { confirmWithToken, createConfirmationToken } from './email-confirmation.repository.js';
import type { AuthContext } from './session.service.js';
import { randomToken, sha256 } from './tokens.service.js';

/** A confirmation link works once, for a week (long enough for a reader who signs up and forgets). */
export const CONFIRMATION_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

async function prepareConfirmationMail(
  context: AuthContext,
  userId: string,
  baseUrl: string,
): Promise<MailMessage | undefined> {
  const account = await findAccount(context.db, userId);
  if (!account || account.emailConfirmed) return undefined;
  const token = randomToken();
  await createConfirmationToken(context.db, {
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

/** Mails a confirmation link to the account's address, in the background; nothing once it is proven. */
export function requestConfirmation(
  context: AuthContext & { mail: Mailer },
  userId: string,
  baseUrl: string,
): void {
  context.mail.dispatch(() => prepareConfirmationMail(context, userId, baseUrl));
}

/**
 * Spends a confirmation link: the address is proven, and the admin role follows when ADMIN_EMAILS
 * lists it. Answers the account's id; 400 INVALID_TOKEN for an unknown, used or expired link.
 */
export async function confirmEmail(context: AuthContext, token: string): Promise<string> {
  const userId = await confirmWithToken(context.db, sha256(token), context.adminEmails);
  if (!userId) throw new AppError('INVALID_TOKEN', 400);
  // This instance's cached session checks carry the role: the new one applies at once.
  context.forgetSessions({ userId });
  return userId;
}
