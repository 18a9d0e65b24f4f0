import type { z } from 'zod';
import type { ChangePasswordRequest, loginRequestSchema, Session, signupRequestSchema } from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import { createUser, findCredentialsByEmail, findPasswordHash } from './auth.repository.js';
import { hashPassword, verifyPassword } from './passwords.service.js';
import { startSession, type AuthContext } from './session.service.js';
import { replacePassword } from './sessions.repository.js';

type SignupInput = z.output<typeof signupRequestSchema>;
type LoginInput = z.output<typeof loginRequestSchema>;

export async function signUp(context: AuthContext, input: SignupInput): Promise<Session> {
  const passwordHash = await hashPassword(input.password);
  const userId = await createUser(context.db, {
    email: input.email,
    fullName: input.full_name,
    passwordHash,
    signup: {
      method: 'password',
      language: input.signup_language,
      path: input.signup_path,
      country: input.signup_country,
    },
  });
  if (!userId) throw new AppError('EMAIL_TAKEN', 409);
  return startSession(context, userId);
}

/** A wrong password and an unknown e-mail get the same error after the same argon2 work. */
export async function logIn(context: AuthContext, input: LoginInput): Promise<Session> {
  const account = await findCredentialsByEmail(context.db, input.email);
  const valid = await verifyPassword(account?.passwordHash, input.password);
  if (!account || !valid) throw new AppError('INVALID_CREDENTIALS', 401);
  return startSession(context, account.id);
}

/** Keeps the current session and signs out every other one. */
export async function changePassword(
  context: AuthContext,
  user: { id: string; sessionId: string },
  input: ChangePasswordRequest,
): Promise<void> {
  const storedHash = await findPasswordHash(context.db, user.id);
  // A Google-only account has no current password to confirm: it sets one through recovery.
  // 400, not 401: the caller's session is fine, and clients treat 401 as "signed out".
  if (!(await verifyPassword(storedHash, input.current_password))) {
    throw new AppError('INVALID_CREDENTIALS', 400);
  }
  await replacePassword(context.db, user.id, await hashPassword(input.new_password), user.sessionId);
}
