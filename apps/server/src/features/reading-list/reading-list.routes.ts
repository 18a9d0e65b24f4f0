import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@summa/shared';
import { readerRoute } from '../../http/endpoint-route.js';
import type { ReadingListService } from './reading-list.service.js';

export interface ReadingListRoutesOptions {
  readingList: ReadingListService;
}

/** The signed-in reader's reading list (/api/me/reading-list): only ever their own. */
export const readingListRoutes: FastifyPluginAsyncZod<ReadingListRoutesOptions> = async (
  app,
  { readingList },
) => {
  const tags = ['reading list'];

  app.route({
    ...readerRoute(app, ENDPOINTS.readingList.list, {
      tags,
      summary: "The reader's saved books, newest first",
      description: '`language` (default pt) names the edition titles and the summary each book opens.',
      errors: [400],
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readingList.list(request.user.id, request.query.language ?? 'pt');
    },
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.readingList.save, {
      tags,
      summary: 'Save a catalogue book to read',
      description: `404 for no catalogue book; 409 READING_LIST_FULL past the list's limit. Saving it again keeps the first date.`,
      errors: [400, 404, 409],
    }),
    handler: async (request, reply) => {
      await readingList.save(request.user.id, request.params.bookId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.readingList.remove, {
      tags,
      summary: 'Take a book off the reading list (204 whether or not it was on it)',
      errors: [400],
    }),
    handler: async (request, reply) => {
      await readingList.remove(request.user.id, request.params.bookId);
      return reply.code(204).send(null);
    },
  });
};
