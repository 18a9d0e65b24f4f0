import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@summa/shared';
import { readerRoute } from '../../http/endpoint-route.js';
import type { RateLimitRule } from '../../plugins/rate-limit.js';
import type { AccountService } from './account.service.js';

export interface AccountRoutesOptions {
  account: AccountService;
}

const tags = ['account'];
const MINUTE = 60;

/** Per account, like the sign-in limits: an export reads every table, a deletion checks a password. */
export const ACCOUNT_RATE_LIMITS = {
  exportAccount: { name: 'export:account', limit: 10, windowSeconds: 60 * MINUTE },
  deleteAccount: { name: 'delete:account', limit: 10, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

/** The export and the deletion of the reader's account (the rest of the `account` group is features/auth's). */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { account }) => {
  const byAccount = (rule: RateLimitRule, userId: string) => app.rateLimit.check(rule, `user:${userId}`);

  app.route({
    ...readerRoute(app, ENDPOINTS.account.export, {
      tags,
      summary: 'Everything held about the reader, as one JSON file (secrets left out)',
      errors: [429],
    }),
    handler: async (request, reply) => {
      await byAccount(ACCOUNT_RATE_LIMITS.exportAccount, request.user.id);
      const data = await account.export(request.user.id);
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="summa-export-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.account.delete, {
      tags,
      summary:
        "Delete the reader's account and personal data (the password, or a Google sign-in of the last 10 minutes); cancels a subscription at once",
      errors: [400, 403, 429, 502],
    }),
    handler: async (request, reply) => {
      await byAccount(ACCOUNT_RATE_LIMITS.deleteAccount, request.user.id);
      await account.delete(request.user, request.body.password);
      return reply.code(204).send(null);
    },
  });
};
