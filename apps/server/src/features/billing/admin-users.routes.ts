import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@summa/shared';
import { adminRoute } from '../../http/endpoint-route.js';
import type { AdminAudit } from '../../ports/admin-audit.js';
import type { BillingService } from './billing.service.js';

/** Admins find an account by e-mail and grant or revoke Premium (recorded with who and when). */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ billing: BillingService; audit: AdminAudit }> = async (
  app,
  { billing, audit },
) => {
  app.route({
    ...adminRoute(app, ENDPOINTS.admin.findUser, {
      summary: 'The account with this e-mail (any case), its plan, subscription and grant (admin)',
      errors: [400],
    }),
    handler: async (request) => ({ user: await billing.findUser(request.query.email) }),
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.grantPremium, {
      summary: 'Grant Premium to an account, recorded with the admin and the time (admin)',
      description:
        '409 ALREADY_PREMIUM when a grant is already in force, 409 EMAIL_NOT_CONFIRMED when the address is not proven; 404 for no such account.',
      errors: [400, 404, 409],
    }),
    handler: async (request) => ({
      user: await billing.grant(
        request.params.id,
        request.user.id,
        audit.step(request.user, { action: 'premium.grant', targetId: request.params.id }),
      ),
    }),
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.revokePremium, {
      summary: 'Revoke the Premium grant of an account, recorded with the admin and the time (admin)',
      description: '404 when the account has no grant in force (a Stripe subscription is not touched).',
      errors: [400, 404],
    }),
    handler: async (request) => ({
      user: await billing.revoke(
        request.params.id,
        request.user.id,
        audit.step(request.user, { action: 'premium.revoke', targetId: request.params.id }),
      ),
    }),
  });
};
