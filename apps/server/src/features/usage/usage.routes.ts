import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@summa/shared';
import { readerRoute } from '../../http/endpoint-route.js';
import type { UsageService } from './usage.service.js';

export const usageRoutes: FastifyPluginAsyncZod<{ usage: UsageService }> = async (app, { usage }) => {
  app.route({
    ...readerRoute(app, ENDPOINTS.usage.get, {
      tags: ['plan'],
      summary: "This month's summaries and audios, and the plan's limits (null on Premium)",
    }),
    handler: async (request) => usage.usage(request.user.id),
  });
};
