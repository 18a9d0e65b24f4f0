import type { z } from 'zod';
import type { loginRequestSchema, Session, signupRequestSchema } from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import { createUser, findCredentialsByEmail } from './auth.repository.js';
import type { AuthDeps, SessionService } from './session.service.js';

type SignupInput = z.output<typeof signupRequestSchema>;
type LoginInput = z.output<typeof loginRequestSchema>;

export interface AuthServiceDeps extends Pick<AuthDeps, 'db' | 'passwords'> {
  sessions: SessionService;
}

/** Accounts with a password: sign-up and sign-in (changing it is AccountSecurityService's). */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  async signUp(input: SignupInput, userAgent: string | undefined): Promise<Session> {
    const passwordHash = await this.deps.passwords.hash(input.password);
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
    return this.deps.sessions.start(userId, { method: 'signup', userAgent });
  }

  /** A wrong password and an unknown e-mail get the same error after the same argon2 work. */
  async logIn(input: LoginInput, userAgent: string | undefined): Promise<Session> {
    const account = await findCredentialsByEmail(this.deps.db, input.email);
    const valid = await this.deps.passwords.verify(account?.passwordHash, input.password);
    if (!account || !valid) throw new AppError('INVALID_CREDENTIALS', 401);
    return this.deps.sessions.start(account.id, { method: 'password', userAgent });
  }
}
