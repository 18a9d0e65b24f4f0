import type { FastifyInstance } from 'fastify';
import type { AuthUser, Session } from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import { findAccount } from './auth.repository.js';
import {
  createSession,
  findRefreshTokenUser,
  revokeSession,
  rotateRefreshToken,
  type NewRefreshToken,
} from './sessions.repository.js';
import { randomToken, sha256 } from './tokens.service.js';

export type AuthContext = Pick<
  FastifyInstance,
  'db' | 'accessTokens' | 'adminEmails' | 'log' | 'forgetSessions'
>;

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

export async function loadAuthUser(context: AuthContext, userId: string): Promise<AuthUser> {
  const account = await findAccount(context.db, userId);
  if (!account) throw new AppError('UNAUTHORIZED', 401);
  return {
    id: account.id,
    email: account.email,
    full_name: account.fullName,
    role: account.role,
    email_confirmed: account.emailConfirmed,
    preferred_language: account.preferredLanguage,
    plan: account.plan,
    created_at: account.createdAt.toISOString(),
  };
}

async function sessionFor(
  context: AuthContext,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<Session> {
  const user = await loadAuthUser(context, userId);
  const { token, expiresAt } = await context.accessTokens.sign({ userId, sessionId });
  return {
    access_token: token,
    refresh_token: refreshToken,
    expires_in: expiresAt - Math.floor(Date.now() / 1000),
    expires_at: expiresAt,
    token_type: 'bearer',
    user,
  };
}

/** Signs the user in: a new session (refresh-token family). */
export async function startSession(context: AuthContext, userId: string): Promise<Session> {
  const refresh = newRefreshToken();
  const sessionId = await createSession(context.db, userId, refresh.stored);
  return sessionFor(context, userId, sessionId, refresh.token);
}

/** Spends a refresh token for a new session of the same family (see `rotateRefreshToken`). */
export async function refreshSession(context: AuthContext, refreshToken: string): Promise<Session> {
  const successor = newRefreshToken();
  const result = await rotateRefreshToken(
    context.db,
    sha256(refreshToken),
    successor.stored,
    REFRESH_GRACE_SECONDS,
  );
  if (result.kind === 'reused') {
    context.log.warn({ sessionId: result.sessionId }, 'refresh token reused: session family revoked');
    context.forgetSessions({ sessionId: result.sessionId });
  }
  if (result.kind === 'invalid' || result.kind === 'reused') throw new AppError('INVALID_TOKEN', 401);
  return sessionFor(context, result.userId, result.sessionId, successor.token);
}

/** Whose refresh token this is (for per-account limits), whether or not it is still valid. */
export async function refreshTokenOwner(
  context: AuthContext,
  refreshToken: string,
): Promise<string | undefined> {
  return findRefreshTokenUser(context.db, sha256(refreshToken));
}

/** Signs out: the session's refresh-token family stops working, and this instance forgets it at once. */
export async function endSession(context: AuthContext, sessionId: string): Promise<void> {
  await revokeSession(context.db, sessionId);
  context.forgetSessions({ sessionId });
}
