import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import { publicRoute, readerRoute } from '../../http/endpoint-route.js';
import { sendSerializedJson } from '../../http/serialized-json.js';
import { pdfContentDisposition } from './export/pdf-file-name.js';
import type { SummariesService } from './summaries.service.js';

export interface SummariesRoutesOptions {
  summaries: SummariesService;
}

const tags = ['summaries'];
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
  app.route({
    ...readerRoute(app, ENDPOINTS.summaries.get, {
      tags,
      summary: "A summary; opening it records it in the reader's history",
      errors: [404],
    }),
    // A reader reopening a summary is answered without a promise (see plugins/auth.ts).
    handler: (request, reply) => {
      const known = summaries.readKnown(request.user.id, request.params.id);
      if (known === undefined) {
        return summaries.read(request.user.id, request.params.id).then((body) => {
          sendSerializedJson(reply, body);
        });
      }
      sendSerializedJson(reply, known);
      return undefined;
    },
  });

  app.route({
    ...publicRoute(app, ENDPOINTS.summaries.preview, {
      tags,
      summary:
        "What anyone may see of a summary, for a shared link's preview: title, author, cover and one-liner",
      errors: [404],
    }),
    handler: async (request, reply) => {
      const preview = await summaries.preview(request.params.id);
      if (!preview) throw new AppError('NOT_FOUND', 404);
      return reply.header('cache-control', 'public, max-age=600').send(preview);
    },
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.summaries.pdf, {
      tags,
      summary: 'The summary as a printable PDF, named after the book (Premium; 403 PREMIUM_REQUIRED on Free)',
      errors: [403, 404],
      answer: 'The PDF document, as an attachment',
    }),
    handler: async (request, reply) => {
      const { title, pdf } = await summaries.exportPdf(request.user.id, request.params.id);
      return sendPdf(reply, title, pdf);
    },
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.summaries.feedback, {
      tags,
      summary: 'Rate a summary (up or down, with an optional comment), once per reader',
      errors: [400, 404, 409],
    }),
    handler: async (request, reply) => {
      await summaries.rate(request.user.id, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.summaries.history, {
      tags,
      summary: "The reader's summaries, most recent first (free plan: the 20 most recent)",
      errors: [400],
    }),
    handler: async (request) => summaries.history(request.user.id, request.query.q),
  });
};
