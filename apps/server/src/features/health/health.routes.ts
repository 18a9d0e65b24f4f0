import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, readinessResponseSchema, statusResponseSchema } from '@summa/shared';
import type { HealthService } from './health.service.js';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
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
};
