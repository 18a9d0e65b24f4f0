import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS, type TranslateSummaryResponse } from '@summa/shared';
import { readerRoute } from '../../../http/endpoint-route.js';
import { answerJsonOrStream } from '../../../http/json-or-stream.js';
import { summaryStreamOptions } from '../generation/summary-stream.js';
import type { TranslationService } from './translation.service.js';

export interface TranslationRoutesOptions {
  translation: TranslationService;
}

export const translationRoutes: FastifyPluginAsyncZod<TranslationRoutesOptions> = async (
  app,
  { translation },
) => {
  app.addHook('preClose', () => translation.close());

  app.route({
    ...readerRoute(app, ENDPOINTS.summaries.translate, {
      tags: ['summaries'],
      summary: 'Translate a summary into another language (Premium; 403 PREMIUM_REQUIRED on Free)',
      description:
        'Answers the summary in `language`: at once when one is stored (generated or translated ' +
        'before), else the model translates this one and the result is stored under that ' +
        "language's norm_key, linked to its source. With `Accept: text/event-stream` it streams " +
        'like a generation: `progress`, `section`, then `done` (with summaryId) or `error`. ' +
        '400 TRANSLATION_SAME_LANGUAGE for the summary’s own language. Costs nothing on the plan.',
      errors: [400, 403, 404, 429, 502, 503],
    }),
    handler: async (request, reply) =>
      answerJsonOrStream(
        request,
        reply,
        () => translation.prepare(request.user.id, request.params.id, request.body.language, request.id),
        summaryStreamOptions<TranslateSummaryResponse>('TRANSLATION_FAILED'),
      ),
  });
};
