import type { FastifyBaseLogger } from 'fastify';
import {
  CATEGORIES,
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

/**
 * The catalogue: the search box (this instance's index), Explore's pages, category counts and
 * "surprise me" (the database), and the shipped catalogue's import.
 */
export class CatalogService {
  private readonly index: LiveCatalogIndex;
  private readonly fallback: SuggestionSource | undefined;

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

  async explore(input: ExploreInput): Promise<ExploreResponse> {
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
