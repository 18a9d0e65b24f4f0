import type { FastifyBaseLogger } from 'fastify';
import type { LRUCache } from 'lru-cache';
import {
  CATEGORIES,
  exploreQuerySchema,
  exploreResponseSchema,
  SEARCH_MIN_QUERY_LENGTH,
  foldText,
  type Book,
  type CatalogImportResponse,
  type CategoriesResponse,
  type Category,
  type ExploreResponse,
  type Language,
  type Level,
  type Sort,
} from '@summa/shared';
import { createMemoryLoader } from '../../cache/memory-cache.js';
import type { Database } from '../../db/database.js';
import { toBook } from './book-editions.js';
import { importCatalog } from './catalog-import.service.js';
import { openLibrarySource } from './catalog-open-library.js';
import {
  characterCount,
  LiveCatalogIndex,
  searchSuggestions,
  type SearchAnswer,
  type SearchInput,
  type SuggestionSource,
} from './catalog-search.service.js';
import type { CatalogIndex } from './catalog-index.js';
import { countByCategory, exploreBooks, randomBook, type CatalogFilters } from './catalog.repository.js';

export interface ExploreInput {
  q?: string | undefined;
  category?: Category | undefined;
  level?: Level | undefined;
  lang?: Language | undefined;
  uiLang?: Language | undefined;
  sort: Sort;
  page: number;
  pageSize: number;
}

export interface CatalogDeps {
  db: Database;
  log: FastifyBaseLogger;
  /** How often this instance checks whether the catalogue changed; 0 checks before every search. */
  refreshMs: number;
  /** Open Library search fills short suggestion lists (OPEN_LIBRARY_SEARCH=on). */
  openLibrary?: { baseUrl: string; timeoutMs: number } | undefined;
  /** The clock of the Explore pages kept in memory (tests move it on). */
  now?: (() => Date) | undefined;
}

function searchFilter(q: string | undefined): CatalogFilters['search'] {
  const query = q?.trim() ?? '';
  if (characterCount(query) < SEARCH_MIN_QUERY_LENGTH) return undefined;
  const normalizedLength = characterCount(foldText(query));
  return normalizedLength === 0 ? undefined : { query, normalizedLength };
}

const displayLanguage = (input: { lang?: Language | undefined; uiLang?: Language | undefined }) =>
  input.lang ?? input.uiLang ?? 'pt';

/** A summary started from Explore is written in the interface language, so that is the one to open. */
const summaryLanguage = (input: { lang?: Language | undefined; uiLang?: Language | undefined }) =>
  input.uiLang ?? input.lang ?? 'pt';

/** An Explore page's input without a search, as the key of its cached answer. */
function explorePageKey({ category, level, lang, uiLang, sort, page, pageSize }: ExploreInput): string {
  const fields = { category, level, lang, uiLang, sort, page: String(page), pageSize: String(pageSize) };
  return new URLSearchParams(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
}

/** The input a cached page's key was made from. */
const explorePageInput = (key: string): ExploreInput =>
  exploreQuerySchema.parse(Object.fromEntries(new URLSearchParams(key)));

/** An Explore page, with its JSON as the route sends it (checked by its contract once, when made). */
interface ExploreAnswer {
  page: ExploreResponse;
  body: string;
}

const answerOf = (page: ExploreResponse): ExploreAnswer => ({
  page,
  body: JSON.stringify(exploreResponseSchema.encode(page)),
});

/**
 * The catalogue: the search box (this instance's index), Explore's pages (the database, those
 * without a search kept in memory for a few seconds), category counts and "surprise me" (the
 * database), and the shipped catalogue's import.
 */
export class CatalogService {
  private readonly index: LiveCatalogIndex;
  private readonly fallback: SuggestionSource | undefined;
  /** Explore pages without a search, kept for the index they were read under. */
  private explorePages: { index: CatalogIndex; pages: LRUCache<string, ExploreAnswer> } | undefined;

  constructor(private readonly deps: CatalogDeps) {
    this.index = new LiveCatalogIndex(deps.db, deps.refreshMs, (error) =>
      deps.log.error({ err: error }, 'catalogue index refresh failed; searching the previous one'),
    );
    this.fallback = deps.openLibrary ? openLibrarySource({ ...deps.openLibrary, log: deps.log }) : undefined;
  }

  /**
   * At start: writes the shipped catalogue once per content change (a start on an unchanged
   * database costs one small query), then builds the search index.
   */
  async importShipped(): Promise<void> {
    const { db, log } = this.deps;
    const started = performance.now();
    const { skipped, ...counts } = await importCatalog(db);
    await this.index.reload();
    if (skipped) {
      log.info({ total: counts.total }, 'catalogue unchanged since its last import');
    } else {
      log.info(
        { ...counts, ms: Math.round(performance.now() - started) },
        'catalogue imported (its content changed)',
      );
    }
  }

  /** An admin's re-import of the shipped catalogue; books an admin edited are kept. */
  async reimport(): Promise<CatalogImportResponse> {
    const { skipped: _skipped, ...counts } = await importCatalog(this.deps.db, { force: true });
    await this.index.reload();
    return counts;
  }

  /** Suggestions for the search box; `history` lists the caller's own summaries first. */
  async search(input: SearchInput, history: SuggestionSource | undefined): Promise<SearchAnswer> {
    return searchSuggestions(this.index, input, { history, fallback: this.fallback });
  }

  /** An Explore page (as `exploreBody` answers it). */
  async explore(input: ExploreInput): Promise<ExploreResponse> {
    return (await this.exploreAnswer(input)).page;
  }

  /** An Explore page as GET /api/catalog/books sends it: serialized JSON. */
  async exploreBody(input: ExploreInput): Promise<string> {
    return (await this.exploreAnswer(input)).body;
  }

  /**
   * An Explore page and its JSON. Without a search, the page is read and serialized at most every
   * few seconds per instance (`CACHE_SETTINGS.explorePage`), and again from scratch when the
   * catalogue changes: every visitor asks for the same few pages. With `refreshMs` 0 (the
   * catalogue checked before every search), every page is read.
   */
  private async exploreAnswer(input: ExploreInput): Promise<ExploreAnswer> {
    if (this.deps.refreshMs === 0 || searchFilter(input.q))
      return answerOf(await this.readExplorePage(input));
    const index = await this.index.current();
    if (this.explorePages?.index !== index) {
      const { now } = this.deps;
      const pages = createMemoryLoader(
        'explorePage',
        async (key) => answerOf(await this.readExplorePage(explorePageInput(key))),
        undefined,
        now ? { now: () => now().getTime() } : {},
      );
      this.explorePages = { index, pages };
    }
    return (
      (await this.explorePages.pages.fetch(explorePageKey(input))) ??
      answerOf(await this.readExplorePage(input))
    );
  }

  private async readExplorePage(input: ExploreInput): Promise<ExploreResponse> {
    const language = displayLanguage(input);
    const { rows, total } = await exploreBooks(this.deps.db, {
      category: input.category,
      level: input.level,
      edition: input.lang,
      search: searchFilter(input.q),
      sort: input.sort,
      displayLanguage: language,
      summaryLanguage: summaryLanguage(input),
      offset: (input.page - 1) * input.pageSize,
      limit: input.pageSize,
    });
    return {
      books: rows.map((row) => ({ ...toBook(row, language), summary_id: row.summaryId })),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  }

  async categories(input: {
    level?: Level | undefined;
    lang?: Language | undefined;
  }): Promise<CategoriesResponse> {
    const rows = await countByCategory(this.deps.db, { level: input.level, edition: input.lang });
    const counts = new Map(rows.map((row) => [row.category, row.count]));
    return { categories: CATEGORIES.map((id) => ({ id, count: counts.get(id) ?? 0 })) };
  }

  /** "Surprise me": a random book matching the filters, or null. */
  async random(input: {
    category?: Category | undefined;
    level?: Level | undefined;
    lang?: Language | undefined;
    uiLang?: Language | undefined;
  }): Promise<Book | null> {
    const record = await randomBook(
      this.deps.db,
      { category: input.category, level: input.level, edition: input.lang },
      summaryLanguage(input),
    );
    return record ? { ...toBook(record, displayLanguage(input)), summary_id: record.summaryId } : null;
  }
}
