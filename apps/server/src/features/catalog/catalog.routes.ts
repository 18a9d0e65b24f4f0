import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogImportResponseSchema,
  catalogSearchRequestSchema,
  catalogSearchResponseSchema,
  categoriesQuerySchema,
  categoriesResponseSchema,
  errorResponseSchema,
  exploreQuerySchema,
  exploreResponseSchema,
  randomBookQuerySchema,
  randomBookResponseSchema,
  type Language,
  type Suggestion,
} from '@summa/shared';
import { sendSerializedJson } from '../../http/serialized-json.js';
import { openLibrarySource } from './catalog-open-library.js';
import { categoryCounts, exploreCatalog, surpriseBook } from './catalog-explore.service.js';
import { importCatalog } from './catalog-import.service.js';
import { LiveCatalogIndex, searchSuggestions, type SuggestionSource } from './catalog-search.service.js';

/**
 * The caller's own generated summaries for the search box (source 'history'). The summaries
 * feature (#5) provides one and app.ts passes it in; without it the search box lists the
 * catalogue only. It receives the request so that it can identify the caller itself.
 */
export type HistorySearch = (
  request: FastifyRequest,
  query: string,
  language: Language,
  limit: number,
) => Promise<Suggestion[]>;

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface CatalogRoutesOptions {
  /** Guards the admin import (app.requireAdmin). */
  requireAdmin: Guard;
  /** Open Library search fills short suggestion lists (OPEN_LIBRARY_SEARCH=on). */
  openLibrary?: { baseUrl: string; timeoutMs: number } | undefined;
  historySearch?: HistorySearch | undefined;
  /** How often this instance checks whether the catalogue changed; 0 checks before every search. */
  refreshSeconds?: number | undefined;
}

const badRequest = { 400: errorResponseSchema };
const limited = { 429: errorResponseSchema };

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, options) => {
  const catalog = new LiveCatalogIndex(app.db, (options.refreshSeconds ?? 30) * 1_000, (error) =>
    app.log.error({ err: error }, 'catalogue index refresh failed; searching the previous one'),
  );
  // Writes the shipped catalogue once per content change (a start on an unchanged database
  // costs one small query), then builds the search index.
  app.addHook('onReady', async () => {
    const started = performance.now();
    const { skipped, ...counts } = await importCatalog(app.db);
    await catalog.reload();
    if (skipped) {
      app.log.info({ total: counts.total }, 'catalogue unchanged since its last import');
    } else {
      app.log.info(
        { ...counts, ms: Math.round(performance.now() - started) },
        'catalogue imported (its content changed)',
      );
    }
  });

  const fallback = options.openLibrary
    ? openLibrarySource({ ...options.openLibrary, log: app.log })
    : undefined;

  app.post(
    '/api/catalog/search',
    {
      // Public, and called as the reader types: a generous limit per client IP (ADR 0012).
      onRequest: app.rateLimit.publicEndpoint,
      schema: {
        tags: ['catalog'],
        summary: 'Suggestions for the book search box (catalog-search)',
        description:
          'The query is trimmed; under 2 characters the list is empty, over 200 is a 400. ' +
          'Accent- and case-insensitive, prefix and typo tolerant. `limit` defaults to 8 and is clamped to 8.',
        body: catalogSearchRequestSchema,
        response: { 200: catalogSearchResponseSchema, ...badRequest, ...limited },
      },
    },
    async (request, reply) => {
      const { historySearch } = options;
      const history: SuggestionSource | undefined = historySearch
        ? (query, language, limit) => historySearch(request, query, language, limit)
        : undefined;
      const answer = await searchSuggestions(catalog, request.body, { history, fallback });
      return sendSerializedJson(reply, answer.body);
    },
  );

  app.get(
    '/api/catalog/books',
    {
      onRequest: app.rateLimit.publicEndpoint,
      schema: {
        tags: ['catalog'],
        summary: 'Browse the catalogue (Explore)',
        description:
          '`lang` keeps books with an edition in that language and shows its titles; without it ' +
          'titles show in `uiLang` (default pt). sort: recommended (editors first, then trending), ' +
          'trending, az. With `q`, recommended ranks by relevance first.',
        querystring: exploreQuerySchema,
        response: { 200: exploreResponseSchema, ...badRequest, ...limited },
      },
    },
    async (request) => exploreCatalog(app.db, request.query),
  );

  app.get(
    '/api/catalog/categories',
    {
      onRequest: app.rateLimit.publicEndpoint,
      schema: {
        tags: ['catalog'],
        summary: 'The 16 categories with their book counts',
        querystring: categoriesQuerySchema,
        response: { 200: categoriesResponseSchema, ...badRequest, ...limited },
      },
    },
    async (request) => categoryCounts(app.db, request.query),
  );

  app.get(
    '/api/catalog/random',
    {
      schema: {
        tags: ['catalog'],
        summary: "A random book ('surprise me'); null when none matches",
        querystring: randomBookQuerySchema,
        response: { 200: randomBookResponseSchema, ...badRequest },
      },
    },
    async (request) => ({ book: await surpriseBook(app.db, request.query) }),
  );

  app.post(
    '/api/admin/catalog/import',
    {
      preHandler: options.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Re-import the shipped catalogue (admin)',
        description:
          'Inserts new books and updates changed ones; books an admin edited are kept as they are ' +
          '(`kept`: those that differ from the shipped catalogue).',
        security: [{ bearerAuth: [] }],
        response: { 200: catalogImportResponseSchema },
      },
    },
    async () => {
      const { skipped: _skipped, ...counts } = await importCatalog(app.db, { force: true });
      await catalog.reload();
      return counts;
    },
  );
};
