import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, usageSchema } from '@summa/shared';
import type { UsageService } from './usage.service.js';

export const usageRoutes: FastifyPluginAsyncZod<{ usage: UsageService }> = async (app, { usage }) => {
  app.get(
    '/api/me/usage',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['plan'],
        summary: "This month's summaries and audios, and the plan's limits (null on Premium)",
        security: [{ bearerAuth: [] }],
        response: { 200: usageSchema, 401: errorResponseSchema },
      },
    },
    async (request) => usage.usage(request.user.id),
  );
};
