import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.js';
import type { AuthenticatedUser, SessionCheck, SessionsToForget } from '../ports/session-check.js';

export type { AuthenticatedUser } from '../ports/session-check.js';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
/**
 * A preHandler that finishes at once (calling `done`) when it can, and otherwise returns the
 * promise Fastify waits on (then `done` is not called).
 */
type QuickGuard = (
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
) => Promise<void> | undefined;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 UNAUTHORIZED unless the request carries a valid access token of a live session. */
    authenticate: QuickGuard;
    /** preHandler: as `authenticate`, then 403 FORBIDDEN unless the user is an admin. */
    requireAdmin: Guard;
    /** Who is calling a public endpoint, when the request carries a valid token; never throws. */
    identify(request: FastifyRequest): Promise<AuthenticatedUser | undefined>;
    /** Call after revoking sessions, so this instance stops accepting them at once. */
    forgetSessions(which: SessionsToForget): void;
  }
  interface FastifyRequest {
    /** Only set on routes guarded by `app.authenticate` or `app.requireAdmin`. */
    user: AuthenticatedUser;
  }
}

export interface AuthPluginOptions {
  /** The SessionCheck port (features/auth, bound in the composition root). */
  sessions: SessionCheck;
}

const BEARER = /^Bearer +([\w-]+\.[\w-]+\.[\w-]*)$/i;

/** The guards of private routes: the request's bearer token, checked through the SessionCheck port. */
export const authPlugin = fp(async (app: FastifyInstance, { sessions }: AuthPluginOptions) => {
  const unauthorized = (reply: FastifyReply) => {
    reply.header('www-authenticate', 'Bearer');
    return new AppError('UNAUTHORIZED', 401);
  };

  const bearerToken = (request: FastifyRequest) => BEARER.exec(request.headers.authorization ?? '')?.[1];

  const identify = async (request: FastifyRequest): Promise<AuthenticatedUser | undefined> => {
    const token = bearerToken(request);
    return token ? sessions.identify(token) : undefined;
  };

  const authenticateNow: Guard = async (request, reply) => {
    const user = await identify(request);
    if (!user) throw unauthorized(reply);
    request.user = user;
  };

  // Most requests carry a token this instance knows already: they pass without a promise, a
  // measurable share of a cached read.
  const authenticate: QuickGuard = (request, reply, done) => {
    const token = bearerToken(request);
    const known = token ? sessions.identifyKnown(token) : undefined;
    if (!known) return authenticateNow(request, reply);
    request.user = known;
    done();
    return undefined;
  };

  const requireAdmin: Guard = async (request, reply) => {
    if (!(request.user as AuthenticatedUser | undefined)) await authenticateNow(request, reply);
    if (request.user.role !== 'admin') throw new AppError('FORBIDDEN', 403);
  };

  app.decorateRequest('user');
  app.decorate('forgetSessions', (which: SessionsToForget) => sessions.forget(which));
  app.decorate('authenticate', authenticate);
  app.decorate('identify', identify);
  app.decorate('requireAdmin', requireAdmin);
});
