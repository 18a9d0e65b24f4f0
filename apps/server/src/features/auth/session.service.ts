import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser, Session } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Mailer } from '../../plugins/mail.js';
import type { SessionsToForget } from '../../ports/session-check.js';
import { findAccount } from './auth.repository.js';
import type { Passwords } from './passwords.service.js';
import {
  createSession,
  findRefreshTokenUser,
  revokeSession,
  rotateRefreshToken,
  type NewRefreshToken,
  type SignInRecord,
} from './sessions.repository.js';
import { randomToken, sha256, type AccessTokens } from './tokens.service.js';

/** What the auth services are built from (the composition root hands each the part it needs). */
export interface AuthDeps {
  db: Database;
  accessTokens: AccessTokens;
  /** ADMIN_EMAILS, lowercased: they seed the admin role of proven addresses. */
  adminEmails: readonly string[];
  log: FastifyBaseLogger;
  /** This instance stops trusting revoked sessions at once (the SessionCheck port's `forget`). */
  forgetSessions: (which: SessionsToForget) => void;
  mail: Mailer;
  /**
   * The base of mailed links and of the Google redirect URI: PUBLIC_URL, else this server on
   * localhost. Never the request's Host or X-Forwarded-Host: anyone can set those, and a reset
   * link mailed to a victim would then carry its token to the attacker's site.
   */
  baseUrl: () => string;
  /** Hashes and checks passwords at the configured argon2 cost (PASSWORD_HASH_*). */
  passwords: Passwords;
}

/** A refresh token unused for this long stops working: the user signs in again. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Tabs that refresh together with one token all get a session within this time (DESIGN.md Auth). */
export const REFRESH_GRACE_SECONDS = 10;

function newRefreshToken(): { token: string; stored: NewRefreshToken } {
  const token = randomToken();
  return {
    token,
    stored: { hash: sha256(token), expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000) },
  };
}

/** Sessions: signing in, refreshing, signing out, and the signed-in user. */
export class SessionService {
  constructor(private readonly deps: Pick<AuthDeps, 'db' | 'accessTokens' | 'log' | 'forgetSessions'>) {}

  async user(userId: string): Promise<AuthUser> {
    const account = await findAccount(this.deps.db, userId);
    if (!account) throw new AppError('UNAUTHORIZED', 401);
    return {
      id: account.id,
      email: account.email,
      full_name: account.fullName,
      role: account.role,
      email_confirmed: account.emailConfirmed,
      has_password: account.hasPassword,
      preferred_language: account.preferredLanguage,
      plan: account.plan,
      created_at: account.createdAt.toISOString(),
    };
  }

  /** Signs the user in: a new session (refresh-token family), remembering how and from what browser. */
  async start(userId: string, signIn: SignInRecord): Promise<Session> {
    const refresh = newRefreshToken();
    const sessionId = await createSession(this.deps.db, userId, refresh.stored, signIn);
    return this.sessionFor(userId, sessionId, refresh.token);
  }

  /** Spends a refresh token for a new session of the same family (see `rotateRefreshToken`). */
  async refresh(refreshToken: string): Promise<Session> {
    const successor = newRefreshToken();
    const result = await rotateRefreshToken(
      this.deps.db,
      sha256(refreshToken),
      successor.stored,
      REFRESH_GRACE_SECONDS,
    );
    if (result.kind === 'reused') {
      this.deps.log.warn({ sessionId: result.sessionId }, 'refresh token reused: session family revoked');
      this.deps.forgetSessions({ sessionId: result.sessionId });
    }
    if (result.kind === 'invalid' || result.kind === 'reused') throw new AppError('INVALID_TOKEN', 401);
    return this.sessionFor(result.userId, result.sessionId, successor.token);
  }

  /** Whose refresh token this is (for per-account limits), whether or not it is still valid. */
  async refreshTokenOwner(refreshToken: string): Promise<string | undefined> {
    return findRefreshTokenUser(this.deps.db, sha256(refreshToken));
  }

  /** Signs out: the session's refresh-token family stops working, and this instance forgets it at once. */
  async end(sessionId: string): Promise<void> {
    await revokeSession(this.deps.db, sessionId);
    this.deps.forgetSessions({ sessionId });
  }

  private async sessionFor(userId: string, sessionId: string, refreshToken: string): Promise<Session> {
    const user = await this.user(userId);
    const { token, expiresAt } = await this.deps.accessTokens.sign({ userId, sessionId });
    return {
      access_token: token,
      refresh_token: refreshToken,
      expires_in: expiresAt - Math.floor(Date.now() / 1000),
      expires_at: expiresAt,
      token_type: 'bearer',
      user,
    };
  }
}
