import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS, type AudioEvent, type AudioResponse } from '@summa/shared';
import { readerRoute } from '../../http/endpoint-route.js';
import { answerJsonOrStream } from '../../http/json-or-stream.js';
import { asReplyError } from '../../http/reply-error.js';
import { AudioCancelled, AudioError } from './audio-error.js';
import type { AudioProgress, AudioService } from './audio.service.js';

export interface AudioRoutesOptions {
  audio: AudioService;
}

const tags = ['audio'];

const asReply = (error: unknown) => asReplyError(error, (cause) => new AudioError({ cause }));

/** A summary's narration: reading the stored one, and making it (once for everyone). */
export const audioRoutes: FastifyPluginAsyncZod<AudioRoutesOptions> = async (app, { audio }) => {
  app.addHook('preClose', () => audio.close());

  app.route({
    ...readerRoute(app, ENDPOINTS.audio.get, {
      tags,
      summary:
        "A summary's stored narration, its parts with signed URLs (valid 3600 s); null while none was made",
      errors: [400, 404],
    }),
    handler: async (request) => ({ audio: await audio.get(request.params.id, request.query.language) }),
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.audio.prepare, {
      tags,
      summary: 'Narrate a summary (prepare audio), or get its stored narration at once',
      description:
        'With `Accept: text/event-stream` the answer streams `plan` (how many parts), `part` as each part is ' +
        'stored (with its signed URL: playing can start on the first), then `done` (the whole audio, with usage) ' +
        'or `error` (code and message). A new narration counts one audio against the monthly plan; a stored one ' +
        'and a failed one cost nothing.',
      errors: [400, 403, 404, 429, 502, 503],
    }),
    handler: async (request, reply) =>
      answerJsonOrStream<AudioResponse, AudioProgress, AudioEvent>(
        request,
        reply,
        () => audio.prepare(request.user.id, request.params.id, request.body.language, request.id),
        {
          asReply,
          isCancelled: (error) => error instanceof AudioCancelled,
          done: (result) => ({ type: 'done', ...result }),
          failed: (code, message) => ({ type: 'error', code, message }),
        },
      ),
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.audio.listened, {
      tags,
      summary: "Report seconds of a narration listened to (the daily goal's listening)",
      description:
        'The player reports what it played since its last report (1 to 60 s). The server counts at most the ' +
        'time since the reader’s previous report and, over a day, at most the narration’s length; `counted` says ' +
        'what it took. 404 when the reader has no narration of this summary.',
      errors: [400, 404],
    }),
    handler: async (request) => audio.listened(request.user.id, request.params.id, request.body.seconds),
  });
};
