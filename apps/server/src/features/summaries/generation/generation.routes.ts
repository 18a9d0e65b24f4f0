import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS, type GenerateSummaryResponse } from '@summa/shared';
import { readerRoute } from '../../../http/endpoint-route.js';
import { answerJsonOrStream } from '../../../http/json-or-stream.js';
import type { GenerationService } from './generation.service.js';
import { summaryStreamOptions } from './summary-stream.js';

export interface GenerationRoutesOptions {
  generation: GenerationService;
}

export const generationRoutes: FastifyPluginAsyncZod<GenerationRoutesOptions> = async (
  app,
  { generation },
) => {
  app.addHook('preClose', () => generation.close());

  app.route({
    ...readerRoute(app, ENDPOINTS.summaries.generate, {
      tags: ['summaries'],
      summary: 'Generate a summary (generate-summary), or get it at once when it exists',
      description:
        'With `Accept: text/event-stream` the answer streams `progress` (resolve 25, summarize 50, polish 75), ' +
        '`section` (each section as soon as the model wrote it; a second `summarize` progress starts them over), ' +
        'then `done` (100, with summaryId and usage) or `error` (0, with code and message). ' +
        'Counts against the monthly plan unless the reader already had this summary; a failure costs nothing.',
      errors: [400, 403, 422, 429, 502, 503],
    }),
    handler: async (request, reply) =>
      answerJsonOrStream(
        request,
        reply,
        () => generation.prepare(request.user.id, request.body, request.id),
        summaryStreamOptions<GenerateSummaryResponse>('GENERATION_FAILED'),
      ),
  });
};
