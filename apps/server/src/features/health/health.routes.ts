import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, readinessResponseSchema } from '@summa/shared';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
      // The database layer bounds the wait (a second at most) and uses a connection of its own.
      const ready = await app.pingDatabase();
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'unavailable', database: app.databaseKind });
    },
  );
};
