import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminStatusResponseSchema,
  errorResponseSchema,
  healthResponseSchema,
  readinessResponseSchema,
  statusResponseSchema,
} from '@summa/shared';
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
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The process is up',
        response: { 200: healthResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The database answers',
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
    },
    async (_request, reply) => {
      const ready = await health.databaseReady();
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'unavailable', database: app.databaseKind });
    },
  );

  app.get(
    '/api/status',
    {
      schema: {
        tags: ['operations'],
        summary: 'The summary model: provider, model, and whether it is ready, downloading or failing',
        response: { 200: statusResponseSchema },
      },
    },
    async () => health.modelStatus(),
  );

  app.get(
    '/api/admin/status',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The summary model with the cause of its failure, if any (admin)',
        security: [{ bearerAuth: [] }],
        response: { 200: adminStatusResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => health.adminModelStatus(),
  );
};
