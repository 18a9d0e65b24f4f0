import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@summa/shared';
import { readerRoute } from '../../http/endpoint-route.js';
import type { RateLimitRule } from '../../plugins/rate-limit.js';
import type { AccountSecurityService } from './account-security.service.js';
import { accountKey, AUTH_RATE_LIMITS } from './auth-rate-limits.js';

export interface AccountSecurityRoutesOptions {
  security: AccountSecurityService;
}

const tags = ['account'];

/**
 * The reader's credentials and devices (the endpoint table's `account` group, but export and
 * deletion, which are features/account's): each needs a session and counts per account.
 */
export const accountSecurityRoutes: FastifyPluginAsyncZod<AccountSecurityRoutesOptions> = async (
  app,
  { security },
) => {
  const byAccount = (rule: RateLimitRule, userId: string) => app.rateLimit.check(rule, accountKey(userId));

  app.route({
    ...readerRoute(app, ENDPOINTS.account.changePassword, {
      tags,
      summary:
        'Set a new password (the current one required when the account has one); signs out every other session',
      errors: [400, 429],
    }),
    handler: async (request, reply) => {
      await byAccount(AUTH_RATE_LIMITS.passwordAccount, request.user.id);
      await security.changePassword(request.user, request.body, request.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.account.changeEmail, {
      tags,
      summary: 'Mail a link to a new address, which becomes the account’s once the link is opened',
      errors: [400, 409, 429],
    }),
    handler: async (request, reply) => {
      await byAccount(AUTH_RATE_LIMITS.emailChangeAccount, request.user.id);
      return reply.code(202).send(await security.requestEmailChange(request.user, request.body, request.id));
    },
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.account.sessions, {
      tags,
      summary: "The reader's signed-in devices",
      errors: [429],
    }),
    handler: async (request) => {
      await byAccount(AUTH_RATE_LIMITS.sessionsAccount, request.user.id);
      return { sessions: await security.sessions(request.user) };
    },
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.account.endSession, {
      tags,
      summary: 'Sign one of the reader’s devices out (this one too)',
      errors: [404, 429],
    }),
    handler: async (request, reply) => {
      await byAccount(AUTH_RATE_LIMITS.sessionsAccount, request.user.id);
      await security.endSession(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  });
};
