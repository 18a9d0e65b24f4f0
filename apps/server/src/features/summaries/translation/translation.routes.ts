import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STEP_PERCENT,
  summaryParamsSchema,
  translateSummaryRequestSchema,
  translateSummaryResponseSchema,
  type TranslateSummaryResponse,
  type TranslationEvent,
} from '@summa/shared';
import { answerJsonOrStream } from '../../../http/json-or-stream.js';
import { asReplyError } from '../../../http/reply-error.js';
import { GenerationCancelled, GenerationError } from '../generation/generation-error.js';
import type { WriterEvent } from '../generation/summary-writer.js';
import type { TranslationService } from './translation.service.js';
import { errorResponses } from '../../../http/error-responses.js';

export interface TranslationRoutesOptions {
  translation: TranslationService;
}

/** Our own errors as they are, a database outage as one, anything else as a failed translation. */
const asReply = (error: unknown) =>
  asReplyError(error, (cause) => new GenerationError('TRANSLATION_FAILED', { cause }));

export const translationRoutes: FastifyPluginAsyncZod<TranslationRoutesOptions> = async (
  app,
  { translation },
) => {
  app.addHook('preClose', () => translation.close());

  app.post(
    '/api/summaries/:id/translations',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['summaries'],
        summary: 'Translate a summary into another language (Premium; 403 PREMIUM_REQUIRED on Free)',
        description:
          'Answers the summary in `language`: at once when one is stored (generated or translated ' +
          'before), else the model translates this one and the result is stored under that ' +
          "language's norm_key, linked to its source. With `Accept: text/event-stream` it streams " +
          'like a generation: `progress`, `section`, then `done` (with summaryId) or `error`. ' +
          '400 TRANSLATION_SAME_LANGUAGE for the summary’s own language. Costs nothing on the plan.',
        security: [{ bearerAuth: [] }],
        params: summaryParamsSchema,
        body: translateSummaryRequestSchema,
        response: {
          200: translateSummaryResponseSchema,
          ...errorResponses(400, 401, 403, 404, 429, 502, 503),
        },
      },
    },
    async (request, reply) =>
      answerJsonOrStream<TranslateSummaryResponse, WriterEvent, TranslationEvent>(
        request,
        reply,
        () => translation.prepare(request.user.id, request.params.id, request.body.language),
        {
          asReply,
          isCancelled: (error) => error instanceof GenerationCancelled,
          opening: [{ type: 'progress', step: 'resolve', percent: STEP_PERCENT.resolve }],
          done: (result) => ({ type: 'done', step: 'done', percent: 100, ...result }),
          failed: (code, message) => ({ type: 'error', step: 'error', percent: 0, code, message }),
        },
      ),
  );
};
