import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fresh from 'fresh';
import { ENDPOINTS } from '@summa/shared';
import { endpointRoute } from '../../../http/endpoint-route.js';
import type { CoversService } from './covers.service.js';

export interface CoversRoutesOptions {
  covers: CoversService;
}

/** A cover's URL names its content: the answer never changes, so anyone may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The cover's bytes, or 304 when the client has them (its If-None-Match names the cover): through
 * the plain reply type, as no schema describes an image.
 */
async function sendCover(
  covers: CoversService,
  file: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const etag = covers.etagOf(file);
  if (etag && fresh(request.headers, { etag })) {
    return reply.code(304).header('etag', etag).header('cache-control', IMMUTABLE).send();
  }
  const cover = await covers.open(file);
  return reply
    .type(cover.contentType)
    .header('etag', cover.etag)
    .header('cache-control', IMMUTABLE)
    .send(cover.bytes);
}

/**
 * GET (and HEAD) /api/covers/<sha256>.<jpg|png>: a book cover the app stored (a book's
 * `cover_url`), so a reader's browser asks no other site. Public, like the catalogue, and not
 * rate-limited: Explore shows dozens at once, and browsers keep them.
 */
export const coversRoutes: FastifyPluginAsyncZod<CoversRoutesOptions> = async (app, { covers }) => {
  app.route({
    ...endpointRoute(ENDPOINTS.covers.get, {
      tags: ['catalog'],
      summary: "A book's cover, stored by the app and named by its content",
      description:
        'Answers with `Cache-Control: public, max-age=31536000, immutable` and the image’s SHA-256 as its ETag (304 to a matching If-None-Match). Any name other than a stored cover’s is a 404.',
      errors: [404],
      answer: 'The cover, a JPEG or PNG image',
    }),
    handler: async (request, reply) => sendCover(covers, request.params.file, request, reply),
  });
};
