import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserParamsSchema,
  adminUserResponseSchema,
  adminUserSearchResponseSchema,
  adminUsersQuerySchema,
} from '@summa/shared';
import type { BillingService } from './billing.service.js';
import { errorResponses } from '../../http/error-responses.js';

const bearer = [{ bearerAuth: [] }];

/** Admins find an account by e-mail and grant or revoke Premium (recorded with who and when). */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (
  app,
  { billing },
) => {
  app.get(
    '/api/admin/users',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The account with this e-mail (any case), its plan, subscription and grant (admin)',
        security: bearer,
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserSearchResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ user: await billing.findUser(request.query.email) }),
  );

  app.post(
    '/api/admin/users/:id/premium',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Grant Premium to an account, recorded with the admin and the time (admin)',
        description:
          '409 ALREADY_PREMIUM when a grant is already in force, 409 EMAIL_NOT_CONFIRMED when the address is not proven; 404 for no such account.',
        security: bearer,
        params: adminUserParamsSchema,
        response: { 200: adminUserResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ user: await billing.grant(request.params.id, request.user.id) }),
  );

  app.delete(
    '/api/admin/users/:id/premium',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Revoke the Premium grant of an account, recorded with the admin and the time (admin)',
        description: '404 when the account has no grant in force (a Stripe subscription is not touched).',
        security: bearer,
        params: adminUserParamsSchema,
        response: { 200: adminUserResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ user: await billing.revoke(request.params.id, request.user.id) }),
  );
};
