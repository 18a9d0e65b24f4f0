import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@summa/shared';
import { findActiveSessionEmail, loadOrCreateSecret } from '../features/auth/sessions.repository.js';
import { createAccessTokens, randomToken, type AccessTokens } from '../features/auth/tokens.service.js';
import { AppError } from '../http/app-error.js';
import { CACHE_SETTINGS, createMemoryCache } from '../cache/memory-cache.js';

/** Who made an authenticated request; set by `app.authenticate`. */
export interface AuthenticatedUser {
  id: string;
  email: string;
  role: Role;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 UNAUTHORIZED unless the request carries a valid access token of a live session. */
    authenticate: Guard;
    /** preHandler: as `authenticate`, then 403 FORBIDDEN unless the user is an admin. */
    requireAdmin: Guard;
    /** Who is calling a public endpoint, when the request carries a valid token; never throws. */
    identify(request: FastifyRequest): Promise<AuthenticatedUser | undefined>;
    accessTokens: AccessTokens;
    roleOf(email: string): Role;
    /** Call after revoking sessions, so this instance stops accepting them at once. */
    forgetSessions(which: { sessionId: string } | { userId: string }): void;
  }
  interface FastifyRequest {
    /** Only set on routes guarded by `app.authenticate` or `app.requireAdmin`. */
    user: AuthenticatedUser;
  }
}

export interface AuthPluginOptions {
  jwtSecret: string | undefined;
  adminEmails: readonly string[];
}

const BEARER = /^Bearer +([\w-]+\.[\w-]+\.[\w-]*)$/i;

/**
 * How long an instance trusts a session it found live. Revocations made on this instance take
 * effect at once (`forgetSessions`); another instance's revocation within this time. It spares
 * every authenticated request a database round trip.
 */
export const SESSION_CHECK_TTL_MS = CACHE_SETTINGS.liveSession.ttlMs;

interface LiveSession {
  userId: string;
  email: string;
}

/** Sessions recently found live, by session id, measured on the wall clock (as tests fake it). */
class LiveSessions {
  private readonly sessions = createMemoryCache<LiveSession>('liveSession', {
    now: () => Date.now(),
    staleAtLifetime: true,
  });

  get(sessionId: string, userId: string): string | undefined {
    const session = this.sessions.get(sessionId);
    return session?.userId === userId ? session.email : undefined;
  }

  set(sessionId: string, session: LiveSession): void {
    this.sessions.set(sessionId, session);
  }

  forget(which: { sessionId: string } | { userId: string }): void {
    if ('sessionId' in which) {
      this.sessions.delete(which.sessionId);
      return;
    }
    const sessionIds = [...this.sessions.entries()]
      .filter(([, session]) => session.userId === which.userId)
      .map(([sessionId]) => sessionId);
    for (const sessionId of sessionIds) this.sessions.delete(sessionId);
  }
}

export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  // A generated key lives in the database so that every instance, and every restart, shares it.
  const secret = options.jwtSecret ?? (await loadOrCreateSecret(app.db, 'jwt', () => randomToken(48)));
  const tokens = createAccessTokens(secret);
  const admins = new Set(options.adminEmails.map((email) => email.toLowerCase()));
  const roleOf = (email: string): Role => (admins.has(email.toLowerCase()) ? 'admin' : 'user');
  const live = new LiveSessions();

  const unauthorized = (reply: FastifyReply) => {
    reply.header('www-authenticate', 'Bearer');
    return new AppError('UNAUTHORIZED', 401);
  };

  const identify = async (request: FastifyRequest): Promise<AuthenticatedUser | undefined> => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const claims = match?.[1] ? await tokens.verify(match[1]) : undefined;
    if (!claims) return undefined;
    // The session row is checked (at most SESSION_CHECK_TTL_MS ago), so a signed-out token
    // stops working.
    let email = live.get(claims.sessionId, claims.userId);
    if (!email) {
      email = await findActiveSessionEmail(app.db, claims.sessionId, claims.userId);
      if (!email) return undefined;
      live.set(claims.sessionId, { userId: claims.userId, email });
    }
    return { id: claims.userId, email, role: roleOf(email), sessionId: claims.sessionId };
  };

  const authenticate: Guard = async (request, reply) => {
    const user = await identify(request);
    if (!user) throw unauthorized(reply);
    request.user = user;
  };

  const requireAdmin: Guard = async (request, reply) => {
    if (!(request.user as AuthenticatedUser | undefined)) await authenticate(request, reply);
    if (request.user.role !== 'admin') throw new AppError('FORBIDDEN', 403);
  };

  app.decorateRequest('user');
  app.decorate('accessTokens', tokens);
  app.decorate('roleOf', roleOf);
  app.decorate('forgetSessions', (which: { sessionId: string } | { userId: string }) => live.forget(which));
  app.decorate('authenticate', authenticate);
  app.decorate('identify', identify);
  app.decorate('requireAdmin', requireAdmin);
});
