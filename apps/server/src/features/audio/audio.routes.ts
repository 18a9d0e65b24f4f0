import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  audioQuerySchema,
  audioRequestSchema,
  audioResponseSchema,
  storedAudioResponseSchema,
  summaryParamsSchema,
  type AudioEvent,
  type AudioResponse,
} from '@summa/shared';
import { answerJsonOrStream } from '../../http/json-or-stream.js';
import { asReplyError } from '../../http/reply-error.js';
import { AudioCancelled, AudioError } from './audio-error.js';
import type { AudioProgress, AudioService } from './audio.service.js';
import { errorResponses } from '../../http/error-responses.js';

export interface AudioRoutesOptions {
  audio: AudioService;
}

const bearer = [{ bearerAuth: [] }];

const asReply = (error: unknown) => asReplyError(error, (cause) => new AudioError({ cause }));

/** A summary's narration: reading the stored one, and making it (once for everyone). */
export const audioRoutes: FastifyPluginAsyncZod<AudioRoutesOptions> = async (app, { audio }) => {
  app.addHook('preClose', () => audio.close());

  app.get(
    '/api/summaries/:id/audio',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['audio'],
        summary:
          "A summary's stored narration, its parts with signed URLs (valid 3600 s); null while none was made",
        security: bearer,
        params: summaryParamsSchema,
        querystring: audioQuerySchema,
        response: { 200: storedAudioResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ audio: await audio.get(request.params.id, request.query.language) }),
  );

  app.post(
    '/api/summaries/:id/audio',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['audio'],
        summary: 'Narrate a summary (prepare audio), or get its stored narration at once',
        description:
          'With `Accept: text/event-stream` the answer streams `plan` (how many parts), `part` as each part is ' +
          'stored (with its signed URL: playing can start on the first), then `done` (the whole audio, with usage) ' +
          'or `error` (code and message). A new narration counts one audio against the monthly plan; a stored one ' +
          'and a failed one cost nothing.',
        security: bearer,
        params: summaryParamsSchema,
        body: audioRequestSchema,
        response: { 200: audioResponseSchema, ...errorResponses(400, 401, 403, 404, 429, 502, 503) },
      },
    },
    async (request, reply) =>
      answerJsonOrStream<AudioResponse, AudioProgress, AudioEvent>(
        request,
        reply,
        () => audio.prepare(request.user.id, request.params.id, request.body.language),
        {
          asReply,
          isCancelled: (error) => error instanceof AudioCancelled,
          done: (result) => ({ type: 'done', ...result }),
          failed: (code, message) => ({ type: 'error', code, message }),
        },
      ),
  );
};
