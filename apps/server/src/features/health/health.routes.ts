import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS, readinessResponseSchema } from '@summa/shared';
import { endpointRoute } from '../../http/endpoint-route.js';
import type { HealthService } from './health.service.js';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface HealthRoutesOptions {
  health: HealthService;
  /** Guards the admin view of the model (app.requireAdmin). */
  requireAdmin: Guard;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { health, requireAdmin },
) => {
  app.route({
    ...endpointRoute(ENDPOINTS.health.live, { tags: ['operations'], summary: 'The process is up' }),
    handler: async () => ({ status: 'ok' as const }),
  });

  app.route({
    ...endpointRoute(
      ENDPOINTS.health.ready,
      { tags: ['operations'], summary: 'The database answers' },
      { 503: readinessResponseSchema },
    ),
    handler: async (_request, reply) => {
      const ready = await health.databaseReady();
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'unavailable', database: app.databaseKind });
    },
  });

  app.route({
    ...endpointRoute(ENDPOINTS.health.status, {
      tags: ['operations'],
      summary:
        "The summary model (provider, model, and whether it is ready, downloading or failing) and the store links' associate tag",
    }),
    handler: async () => health.publicStatus(),
  });

  app.route({
    ...endpointRoute(ENDPOINTS.admin.status, {
      tags: ['admin'],
      summary: 'The summary model with the cause of its failure, if any (admin)',
      bearer: true,
      errors: [401, 403],
    }),
    preHandler: requireAdmin,
    handler: async () => health.adminModelStatus(),
  });
};
