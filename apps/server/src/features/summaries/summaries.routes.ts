import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  feedbackRequestSchema,
  historyQuerySchema,
  historyResponseSchema,
  summaryParamsSchema,
  summarySchema,
} from '@summa/shared';
import { sendSerializedJson } from '../../http/serialized-json.js';
import { pdfContentDisposition } from './export/pdf-file-name.js';
import type { SummariesService } from './summaries.service.js';
import { errorResponses } from '../../http/error-responses.js';

export interface SummariesRoutesOptions {
  summaries: SummariesService;
}

const bearer = [{ bearerAuth: [] }];
/**
 * A PDF download. Through the plain reply type: the route's typed reply knows only the schemas'
 * shapes, and Fastify sends a Buffer as it is, with no serializer.
 */
function sendPdf(reply: FastifyReply, title: string, pdf: Buffer): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', pdfContentDisposition(title))
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** Reading, rating, the PDF export and the history; generating is in generation/generation.routes.ts. */
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
        response: { 200: summarySchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) =>
      sendSerializedJson(reply, await summaries.read(request.user.id, request.params.id)),
  );

  app.get(
    '/api/summaries/:id/pdf',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['summaries'],
        summary:
          'The summary as a printable PDF, named after the book (Premium; 403 PREMIUM_REQUIRED on Free)',
        security: bearer,
        params: summaryParamsSchema,
        response: {
          200: {
            description: 'The PDF document, as an attachment',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { title, pdf } = await summaries.exportPdf(request.user.id, request.params.id);
      return sendPdf(reply, title, pdf);
    },
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
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 409) },
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
        response: { 200: historyResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => summaries.history(request.user.id, request.query.q),
  );
};
