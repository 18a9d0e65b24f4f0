import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS, STEP_PERCENT, type GenerateSummaryResponse, type GenerationEvent } from '@summa/shared';
import { endpointRoute } from '../../../http/endpoint-route.js';
import { answerJsonOrStream } from '../../../http/json-or-stream.js';
import { asReplyError } from '../../../http/reply-error.js';
import { GenerationCancelled, GenerationError } from './generation-error.js';
import type { GenerationService } from './generation.service.js';
import type { WriterEvent } from './summary-writer.js';

export interface GenerationRoutesOptions {
  generation: GenerationService;
}

/** Our own errors as they are, a database outage as one, anything else as a failed generation. */
const asReply = (error: unknown) =>
  asReplyError(error, (cause) => new GenerationError('GENERATION_FAILED', { cause }));

export const generationRoutes: FastifyPluginAsyncZod<GenerationRoutesOptions> = async (
  app,
  { generation },
) => {
  app.addHook('preClose', () => generation.close());

  app.route({
    ...endpointRoute(ENDPOINTS.summaries.generate, {
      tags: ['summaries'],
      summary: 'Generate a summary (generate-summary), or get it at once when it exists',
      description:
        'With `Accept: text/event-stream` the answer streams `progress` (resolve 25, summarize 50, polish 75), ' +
        '`section` (each section as soon as the model wrote it; a second `summarize` progress starts them over), ' +
        'then `done` (100, with summaryId and usage) or `error` (0, with code and message). ' +
        'Counts against the monthly plan unless the reader already had this summary; a failure costs nothing.',
      bearer: true,
      errors: [400, 401, 403, 422, 429, 502, 503],
    }),
    preHandler: app.authenticate,
    handler: async (request, reply) =>
      answerJsonOrStream<GenerateSummaryResponse, WriterEvent, GenerationEvent>(
        request,
        reply,
        () => generation.prepare(request.user.id, request.body),
        {
          asReply,
          isCancelled: (error) => error instanceof GenerationCancelled,
          opening: [{ type: 'progress', step: 'resolve', percent: STEP_PERCENT.resolve }],
          done: (result) => ({ type: 'done', step: 'done', percent: 100, ...result }),
          failed: (code, message) => ({ type: 'error', step: 'error', percent: 0, code, message }),
        },
      ),
  });
};
