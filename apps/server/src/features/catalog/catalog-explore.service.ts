import {
  CATEGORIES,
  SEARCH_MIN_QUERY_LENGTH,
  foldText,
  type Book,
  type CategoriesResponse,
  type Category,
  type ExploreResponse,
  type Language,
  type Level,
  type Sort,
} from '@summa/shared';
import type { Database } from '../../db/database.js';
import { toBook } from './book-editions.js';
import { characterCount } from './catalog-search.service.js';
import { countByCategory, exploreBooks, randomBook, type CatalogFilters } from './catalog.repository.js';

// Explore's pages, category counts and "surprise me": the catalogue browsed in the database.

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

export async function exploreCatalog(db: Database, input: ExploreInput): Promise<ExploreResponse> {
  const language = displayLanguage(input);
  const { rows, total } = await exploreBooks(db, {
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

export async function categoryCounts(
  db: Database,
  input: { level?: Level | undefined; lang?: Language | undefined },
): Promise<CategoriesResponse> {
  const rows = await countByCategory(db, { level: input.level, edition: input.lang });
  const counts = new Map(rows.map((row) => [row.category, row.count]));
  return { categories: CATEGORIES.map((id) => ({ id, count: counts.get(id) ?? 0 })) };
}

export async function surpriseBook(
  db: Database,
  input: {
    category?: Category | undefined;
    level?: Level | undefined;
    lang?: Language | undefined;
    uiLang?: Language | undefined;
  },
): Promise<Book | null> {
  const record = await randomBook(
    db,
    { category: input.category, level: input.level, edition: input.lang },
    summaryLanguage(input),
  );
  return record ? { ...toBook(record, displayLanguage(input)), summary_id: record.summaryId } : null;
}
