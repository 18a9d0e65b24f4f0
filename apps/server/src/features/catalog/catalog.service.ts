import { createHash } from 'node:crypto';
import {
  CATEGORIES,
  SEARCH_MAX_LIMIT,
  SEARCH_MIN_QUERY_LENGTH,
  type Book,
  type CatalogImportResponse,
  type CategoriesResponse,
  type Category,
  type ExploreResponse,
  type Language,
  type Level,
  type Sort,
  type Suggestion,
} from '@summa/shared';
import type { Database } from '../../db/database.js';
import { CATALOG, type CatalogEntry } from './catalog-data.js';
import {
  countByCategory,
  exploreBooks,
  importedHash,
  randomBook,
  recordImport,
  searchBooks,
  upsertBooks,
  type BookInput,
  type BookRecord,
  type CatalogFilters,
} from './catalog.repository.js';

// ---------------------------------------------------------------------------------------------
// Editions

const EDITION_ORDER: readonly Language[] = ['en', 'pt', 'es'];

function editionTitle(record: BookRecord, language: Language): string | null {
  if (language === 'en') return record.titleEn;
  return language === 'pt' ? record.titlePt : record.titleEs;
}

/**
 * The title to show for `language`: that edition when it exists, else the English, Portuguese
 * or Spanish one (in that order). Every book has at least one (a table constraint).
 */
export function pickEdition(record: BookRecord, language: Language): { title: string; lang: Language } {
  for (const candidate of [language, ...EDITION_ORDER.filter((l) => l !== language)]) {
    const title = editionTitle(record, candidate);
    if (title) return { title, lang: candidate };
  }
  return { title: record.title, lang: language };
}

export function toBook(record: BookRecord, language: Language): Book {
  const edition = pickEdition(record, language);
  return {
    id: record.id,
    slug: record.slug,
    title: edition.title,
    original_title: record.title,
    author: record.author,
    year: record.year,
    isbn13: record.isbn13,
    category: record.category,
    level: record.level,
    badges: record.badges,
    trending_score: record.trendingScore,
    cover_url: record.coverUrl,
    lang: edition.lang,
  };
}

function toSuggestion(record: BookRecord, language: Language): Suggestion {
  const edition = pickEdition(record, language);
  return {
    id: record.id,
    title: edition.title,
    author: record.author,
    lang: edition.lang,
    cover_url: record.coverUrl,
    source: 'catalog',
  };
}

// ---------------------------------------------------------------------------------------------
// Search

/**
 * A JavaScript rendering of the database's summa_search_norm (lower case, no accents, no
 * apostrophes, other punctuation as spaces). Only its length is used, to pick the match form.
 */
export function searchNormalForm(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]+/g, '')
    .replace(/[^\p{L}\p{N}%_]+/gu, ' ')
    .trim();
}

/** More suggestions for a query: the caller's history, or an outside catalogue. */
export type SuggestionSource = (query: string, language: Language, limit: number) => Promise<Suggestion[]>;

export interface SearchSources {
  /**
   * The caller's own generated summaries, listed first with source 'history'.
   * TODO(#5): the summaries table does not exist yet; the summaries feature plugs a source
   * in here (see catalogRoutes' `historySource` option) once it does.
   */
  history?: SuggestionSource | undefined;
  /** Fills up a short list (Open Library when OPEN_LIBRARY_SEARCH=on). */
  fallback?: SuggestionSource | undefined;
  /** Recent catalogue answers (the history and fallback parts are never cached). */
  cache?: SearchCache | undefined;
}

/**
 * Recent catalogue answers of this instance, keyed by query and limit (not language: records
 * carry every edition). Search-box traffic repeats a lot (every reader typing 'at', 'ato',
 * 'atom'...), and a hit costs no database round trip. Entries live `ttlMs` (another instance's
 * re-import shows here within that time; this instance's own import clears it) and the oldest
 * go first beyond `maxEntries`.
 */
export class SearchCache {
  private readonly entries = new Map<string, { records: BookRecord[]; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): BookRecord[] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry.records;
  }

  set(key: string, records: BookRecord[]): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { records, expires: this.now() + this.ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface SearchInput {
  query: string;
  lang: Language;
  limit?: number | undefined;
}

/** Length in code points: what a reader counts as characters, near enough. */
const characterCount = (text: string) => Array.from(text).length;

const suggestionKey = (suggestion: Suggestion) =>
  `${searchNormalForm(suggestion.title)}|${searchNormalForm(suggestion.author)}`;

/**
 * Suggestions for the search box: history first, then the catalogue by relevance, then the
 * fallback, without duplicates, at most 8. Under 2 characters there are none.
 */
export async function searchSuggestions(
  db: Database,
  input: SearchInput,
  sources: SearchSources = {},
): Promise<Suggestion[]> {
  const query = input.query.trim();
  const limit = Math.min(Math.max(1, input.limit ?? SEARCH_MAX_LIMIT), SEARCH_MAX_LIMIT);
  if (characterCount(query) < SEARCH_MIN_QUERY_LENGTH) return [];

  const cacheKey = `${limit}|${query.replace(/\s+/g, ' ')}`;
  const fromCatalog = async (): Promise<BookRecord[]> => {
    const cached = sources.cache?.get(cacheKey);
    if (cached) return cached;
    const normalizedLength = characterCount(searchNormalForm(query));
    const found = normalizedLength === 0 ? [] : await searchBooks(db, { query, normalizedLength, limit });
    sources.cache?.set(cacheKey, found);
    return found;
  };
  const [history, records] = await Promise.all([
    sources.history ? sources.history(query, input.lang, limit) : Promise.resolve([]),
    fromCatalog(),
  ]);
  const catalog = records.map((record) => toSuggestion(record, input.lang));
  if (history.length === 0 && (catalog.length >= limit || !sources.fallback)) {
    return catalog.slice(0, limit); // one source: nothing to merge
  }

  const results: Suggestion[] = [];
  const seen = new Set<string>();
  const add = (suggestion: Suggestion) => {
    const key = suggestionKey(suggestion);
    if (results.length >= limit || seen.has(key)) return;
    seen.add(key);
    results.push(suggestion);
  };
  history.forEach(add);
  catalog.forEach(add);
  if (results.length < limit && sources.fallback) {
    (await sources.fallback(query, input.lang, limit)).forEach(add);
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Explore

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
  const normalizedLength = characterCount(searchNormalForm(query));
  return normalizedLength === 0 ? undefined : { query, normalizedLength };
}

const displayLanguage = (input: { lang?: Language | undefined; uiLang?: Language | undefined }) =>
  input.lang ?? input.uiLang ?? 'pt';

export async function exploreCatalog(db: Database, input: ExploreInput): Promise<ExploreResponse> {
  const language = displayLanguage(input);
  const { rows, total } = await exploreBooks(db, {
    category: input.category,
    level: input.level,
    edition: input.lang,
    search: searchFilter(input.q),
    sort: input.sort,
    displayLanguage: language,
    offset: (input.page - 1) * input.pageSize,
    limit: input.pageSize,
  });
  return {
    books: rows.map((row) => toBook(row, language)),
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
  const record = await randomBook(db, { category: input.category, level: input.level, edition: input.lang });
  return record ? toBook(record, displayLanguage(input)) : null;
}

// ---------------------------------------------------------------------------------------------
// Catalogue import

export const CATALOG_IMPORT_ID = 'catalog';

/** A stable id per slug, so a book keeps its id across databases and re-imports. */
export function bookIdForSlug(slug: string): string {
  const hex = createHash('sha256').update(`summa:book:${slug}`).digest('hex');
  // Shaped as a version-5-style UUID (version and variant bits set).
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]+/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function coverUrlFor(isbn13: string | null): string | null {
  return isbn13 ? `https://covers.openlibrary.org/b/isbn/${isbn13}-M.jpg?default=false` : null;
}

export function slugOf(entry: CatalogEntry): string {
  return entry.slug ?? slugify(entry.en ?? entry.title);
}

export function toBookInput(entry: CatalogEntry): BookInput {
  const originalLanguage = entry.lang ?? 'en';
  const slug = slugOf(entry);
  return {
    id: bookIdForSlug(slug),
    slug,
    title: entry.title,
    originalLanguage,
    titleEn: entry.en ?? (originalLanguage === 'en' ? entry.title : null),
    titlePt: entry.pt ?? (originalLanguage === 'pt' ? entry.title : null),
    titleEs: entry.es ?? (originalLanguage === 'es' ? entry.title : null),
    author: entry.author,
    year: entry.year,
    isbn13: entry.isbn13,
    category: entry.category,
    level: entry.level,
    badges: [...entry.badges],
    trendingScore: entry.trending,
    coverUrl: coverUrlFor(entry.isbn13),
    source: 'catalog',
  };
}

export function catalogInputs(): BookInput[] {
  return CATALOG.map(toBookInput);
}

export function contentHash(inputs: readonly BookInput[]): string {
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
}

/**
 * Writes the shipped catalogue. Without `force`, a database whose recorded hash matches the
 * catalogue is left alone: one small query on every start after the first.
 */
export async function importCatalog(
  db: Database,
  { force = false }: { force?: boolean } = {},
): Promise<CatalogImportResponse & { skipped: boolean }> {
  const inputs = catalogInputs();
  const hash = contentHash(inputs);
  if (!force && (await importedHash(db, CATALOG_IMPORT_ID)) === hash) {
    return { total: inputs.length, inserted: 0, updated: 0, unchanged: inputs.length, skipped: true };
  }
  const counts = await upsertBooks(db, inputs);
  await recordImport(db, CATALOG_IMPORT_ID, hash, inputs.length);
  return { total: inputs.length, ...counts, skipped: false };
}
