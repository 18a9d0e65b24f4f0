import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@summa/shared';
import { syncAdminRoles } from '../features/auth/email-confirmation.repository.js';
import { findActiveSessions, loadOrCreateSecret } from '../features/auth/sessions.repository.js';
import { createAccessTokens, randomToken, type AccessTokens } from '../features/auth/tokens.service.js';
import { AppError } from '../http/app-error.js';
import { batchedReads } from '../db/batched-reads.js';
import { LiveSessions } from './live-sessions.js';

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
    /** ADMIN_EMAILS, lowercased: they seed the admin role of proven addresses. */
    adminEmails: readonly string[];
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

export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  // A generated key lives in the database so that every instance, and every restart, shares it.
  const secret = options.jwtSecret ?? (await loadOrCreateSecret(app.db, 'jwt', () => randomToken(48)));
  const tokens = createAccessTokens(secret);
  const adminEmails = [...new Set(options.adminEmails.map((email) => email.toLowerCase()))];
  // Roles live in the database; the list makes admins of proven addresses only (DESIGN.md Auth).
  const admins = await syncAdminRoles(app.db, adminEmails);
  if (admins.listed > 0) {
    app.log.info(
      { adminEmails: admins.listed, confirmedAccounts: admins.confirmed },
      `ADMIN_EMAILS lists ${admins.listed} address(es); ${admins.confirmed} of them have a confirmed account (an address becomes admin once its owner confirms it)`,
    );
  }
  const readSession = batchedReads((sessionIds) => findActiveSessions(app.db, sessionIds));
  const live = new LiveSessions<{ email: string; role: Role }>(
    async (sessionId, userId) => {
      const session = await readSession(sessionId);
      return session?.userId === userId ? { email: session.email, role: session.role } : undefined;
    },
    (error) => app.log.warn({ err: error }, 'a background check of a live session failed'),
  );

  const unauthorized = (reply: FastifyReply) => {
    reply.header('www-authenticate', 'Bearer');
    return new AppError('UNAUTHORIZED', 401);
  };

  const identify = async (request: FastifyRequest): Promise<AuthenticatedUser | undefined> => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const claims = match?.[1] ? await tokens.verify(match[1]) : undefined;
    if (!claims) return undefined;
    // The session row is checked (at most SESSION_CHECK_TTL_MS ago), so a signed-out token
    // stops working and a role change takes effect.
    const account = await live.account(claims.sessionId, claims.userId);
    if (!account) return undefined;
    return { id: claims.userId, email: account.email, role: account.role, sessionId: claims.sessionId };
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
  app.decorate('adminEmails', adminEmails);
  app.decorate('forgetSessions', (which: { sessionId: string } | { userId: string }) => live.forget(which));
  app.decorate('authenticate', authenticate);
  app.decorate('identify', identify);
  app.decorate('requireAdmin', requireAdmin);
});
