import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@summa/shared';
import { publicRoute } from '../../../http/endpoint-route.js';
import type { EditorialService } from './editorial.service.js';

export interface DemoRoutesOptions {
  editorial: EditorialService;
}

/** The demo (/demo): public, so limited per client address like the public catalogue. */
export const demoRoutes: FastifyPluginAsyncZod<DemoRoutesOptions> = async (app, { editorial }) => {
  app.route({
    ...publicRoute(app, ENDPOINTS.demo.get, {
      tags: ['summaries'],
      summary: 'The demo: an editorial summary in the language and its narration, without a session',
      description:
        'No session needed. `audio` is null while the narration is being made (once, on the house, ' +
        'not on any plan): ask again a few seconds later. Its parts have signed URLs like any narration.',
      errors: [400, 404],
    }),
    handler: async (request) => editorial.demo(request.query.language),
  });
};
