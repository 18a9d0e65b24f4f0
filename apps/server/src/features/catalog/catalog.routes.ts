import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS, type Language, type Suggestion } from '@summa/shared';
import { endpointRoute, publicRoute } from '../../http/endpoint-route.js';
import { sendSerializedJson } from '../../http/serialized-json.js';
import type { SuggestionSource } from './catalog-search.service.js';
import type { CatalogService } from './catalog.service.js';

/**
 * The caller's own generated summaries for the search box (source 'history'). The summaries
 * feature provides one and the composition root passes it in; without it the search box lists
 * the catalogue only. It receives the request so that it can identify the caller itself.
 */
export type HistorySearch = (
  request: FastifyRequest,
  query: string,
  language: Language,
  limit: number,
) => Promise<Suggestion[]>;

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface CatalogRoutesOptions {
  catalog: CatalogService;
  /** Guards the admin import (app.requireAdmin). */
  requireAdmin: Guard;
  historySearch?: HistorySearch | undefined;
}

const tags = ['catalog'];

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (
  app,
  { catalog, requireAdmin, historySearch },
) => {
  app.route({
    // Public, and called as the reader types: a generous limit per client IP (ADR 0012).
    ...publicRoute(app, ENDPOINTS.catalog.search, {
      tags,
      summary: 'Suggestions for the book search box (catalog-search)',
      description:
        'The query is trimmed; under 2 characters the list is empty, over 200 is a 400. ' +
        'Accent- and case-insensitive, prefix and typo tolerant. `limit` defaults to 8 and is clamped to 8.',
      errors: [400],
    }),
    handler: async (request, reply) => {
      const history: SuggestionSource | undefined = historySearch
        ? (query, language, limit) => historySearch(request, query, language, limit)
        : undefined;
      const answer = await catalog.search(request.body, history);
      return sendSerializedJson(reply, answer.body);
    },
  });

  app.route({
    ...publicRoute(app, ENDPOINTS.catalog.books, {
      tags,
      summary: 'Browse the catalogue (Explore)',
      description:
        '`lang` keeps books with an edition in that language and shows its titles; without it ' +
        'titles show in `uiLang` (default pt). sort: recommended (editors first, then trending), ' +
        'trending, az. With `q`, recommended ranks by relevance first.',
      errors: [400],
    }),
    handler: async (request, reply) => sendSerializedJson(reply, await catalog.exploreBody(request.query)),
  });

  app.route({
    ...publicRoute(app, ENDPOINTS.catalog.categories, {
      tags,
      summary: 'The 16 categories with their book counts',
      errors: [400],
    }),
    handler: async (request) => catalog.categories(request.query),
  });

  app.route({
    ...endpointRoute(ENDPOINTS.catalog.random, {
      tags,
      summary: "A random book ('surprise me'); null when none matches",
      errors: [400],
    }),
    handler: async (request) => ({ book: await catalog.random(request.query) }),
  });

  app.route({
    ...endpointRoute(ENDPOINTS.admin.importCatalog, {
      tags: ['admin'],
      summary: 'Re-import the shipped catalogue (admin)',
      description:
        'Inserts new books and updates changed ones; books an admin edited are kept as they are ' +
        '(`kept`: those that differ from the shipped catalogue).',
      bearer: true,
    }),
    preHandler: requireAdmin,
    handler: async () => catalog.reimport(),
  });
};
