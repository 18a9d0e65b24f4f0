import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  feedbackRequestSchema,
  historyQuerySchema,
  historyResponseSchema,
  summaryParamsSchema,
  summarySchema,
} from '@summa/shared';
import { sendSerializedJson } from '../../http/serialized-json.js';
import type { SummariesService } from './summaries.service.js';

export interface SummariesRoutesOptions {
  summaries: SummariesService;
}

const bearer = [{ bearerAuth: [] }];
const errors = (...statuses: (400 | 401 | 404 | 409)[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponseSchema]));

/** Reading, rating and the history; generating is in generation/generation.routes.ts. */
export const summariesRoutes: FastifyPluginAsyncZod<SummariesRoutesOptions> = async (app, { summaries }) => {
  app.get(
    '/api/summaries/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['summaries'],
        summary: "A summary; opening it records it in the reader's history",
        security: bearer,
        params: summaryParamsSchema,
        response: { 200: summarySchema, ...errors(401, 404) },
      },
    },
    async (request, reply) =>
      sendSerializedJson(reply, await summaries.read(request.user.id, request.params.id)),
  );

  app.post(
    '/api/summaries/:id/feedback',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['summaries'],
        summary: 'Rate a summary (up or down, with an optional comment), once per reader',
        security: bearer,
        params: summaryParamsSchema,
        body: feedbackRequestSchema,
        response: { 204: z.null(), ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await summaries.rate(request.user.id, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/history',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['summaries'],
        summary: "The reader's summaries, most recent first (free plan: the 20 most recent)",
        security: bearer,
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => summaries.history(request.user.id, request.query.q),
  );
};
