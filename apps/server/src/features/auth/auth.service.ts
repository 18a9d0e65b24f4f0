import type { z } from 'zod';
import type { ChangePasswordRequest, loginRequestSchema, Session, signupRequestSchema } from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import { createUser, findCredentialsByEmail, findPasswordHash } from './auth.repository.js';
import { hashPassword, verifyPassword } from './passwords.service.js';
import type { AuthDeps, SessionService } from './session.service.js';
import { replacePassword } from './sessions.repository.js';

type SignupInput = z.output<typeof signupRequestSchema>;
type LoginInput = z.output<typeof loginRequestSchema>;

export interface AuthServiceDeps extends Pick<AuthDeps, 'db' | 'forgetSessions'> {
  sessions: SessionService;
}

/** Accounts with a password: sign-up, sign-in, and changing the password. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  async signUp(input: SignupInput): Promise<Session> {
    const passwordHash = await hashPassword(input.password);
    const userId = await createUser(this.deps.db, {
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
    return this.deps.sessions.start(userId);
  }

  /** A wrong password and an unknown e-mail get the same error after the same argon2 work. */
  async logIn(input: LoginInput): Promise<Session> {
    const account = await findCredentialsByEmail(this.deps.db, input.email);
    const valid = await verifyPassword(account?.passwordHash, input.password);
    if (!account || !valid) throw new AppError('INVALID_CREDENTIALS', 401);
    return this.deps.sessions.start(account.id);
  }

  /** Keeps the current session and signs out every other one. */
  async changePassword(user: { id: string; sessionId: string }, input: ChangePasswordRequest): Promise<void> {
    const storedHash = await findPasswordHash(this.deps.db, user.id);
    // A Google-only account has no current password to confirm: it sets one through recovery.
    // 400, not 401: the caller's session is fine, and clients treat 401 as "signed out".
    if (!(await verifyPassword(storedHash, input.current_password))) {
      throw new AppError('INVALID_CREDENTIALS', 400);
    }
    await replacePassword(this.deps.db, user.id, await hashPassword(input.new_password), user.sessionId);
    this.deps.forgetSessions({ userId: user.id }); // every other session is signed out
  }
}
