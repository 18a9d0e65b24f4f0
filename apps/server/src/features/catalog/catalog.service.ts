import { createHash } from 'node:crypto';
import {
  CATEGORIES,
  SEARCH_MAX_LIMIT,
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
  type Suggestion,
} from '@summa/shared';
import type { Database } from '../../db/database.js';
import { CATALOG, type CatalogEntry } from './catalog-data.js';
import { CatalogIndex } from './catalog-index.js';
import { RecentAnswers } from './recent-answers.js';
import {
  countByCategory,
  exploreBooks,
  importedHash,
  randomBook,
  recordImport,
  catalogVersion,
  loadAllBooks,
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

/** More suggestions for a query: the caller's history, or an outside catalogue. */
export type SuggestionSource = (query: string, language: Language, limit: number) => Promise<Suggestion[]>;

export interface SearchSources {
  /** The caller's own generated summaries, listed first with source 'history'. */
  history?: SuggestionSource | undefined;
  /** Fills up a short list (Open Library when OPEN_LIBRARY_SEARCH=on). */
  fallback?: SuggestionSource | undefined;
}

/**
 * This instance's search index of the catalogue. Built on first use; afterwards a search
 * that comes `refreshMs` or more after the last check asks the database whether the catalogue
 * changed (in the background, one check at a time) and rebuilds the index when it did, so
 * another instance's re-import shows here within that time. With `refreshMs` 0 every search
 * waits for the check. `reload` rebuilds at once (this instance's own import).
 */
export class LiveCatalogIndex {
  private index: CatalogIndex | undefined;
  private version: string | undefined;
  private checkedAt = 0;
  private checking: Promise<CatalogIndex> | undefined;

  constructor(
    private readonly db: Database,
    private readonly refreshMs: number,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  async current(): Promise<CatalogIndex> {
    if (this.index && this.refreshMs > 0) {
      if (this.now() - this.checkedAt >= this.refreshMs) {
        this.check().catch(this.onError); // keep answering from the index in hand
      }
      return this.index;
    }
    return this.check();
  }

  async reload(): Promise<void> {
    this.version = undefined;
    await this.check();
  }

  /** One check at a time; callers during a check wait for it. */
  private check(): Promise<CatalogIndex> {
    this.checking ??= this.refresh().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async refresh(): Promise<CatalogIndex> {
    // The version first: a change during the load is seen by the next check.
    const version = await catalogVersion(this.db);
    if (version !== this.version || !this.index) {
      this.index = new CatalogIndex(await loadAllBooks(this.db));
      this.version = version;
    }
    this.checkedAt = this.now();
    return this.index;
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
  `${foldText(suggestion.title)}|${foldText(suggestion.author)}`;

/** The search box's answer: its suggestions and the response body that carries them. */
export interface SearchAnswer {
  readonly books: readonly Suggestion[];
  /** `{"books":[...]}`: a catalogue-only answer is serialized once, not on every keystroke. */
  readonly body: string;
}

const answerOf = (books: readonly Suggestion[]): SearchAnswer => ({ books, body: JSON.stringify({ books }) });

const NO_SUGGESTIONS = answerOf([]);

/** How many catalogue-only answers (per language and limit) each index keeps ready. */
const MAX_READY_ANSWERS = 5_000;

/** Ready answers per index: they stay right for its life, and go with it. */
const readyAnswers = new WeakMap<CatalogIndex, RecentAnswers<SearchAnswer>>();

function catalogAnswer(index: CatalogIndex, normalized: string, language: Language, limit: number) {
  let answers = readyAnswers.get(index);
  if (!answers) readyAnswers.set(index, (answers = new RecentAnswers(MAX_READY_ANSWERS)));
  return answers.get(`${language}|${limit}|${normalized}`, () =>
    answerOf(index.search(normalized, limit).map((record) => toSuggestion(record, language))),
  );
}

/**
 * Suggestions for the search box: history first, then the catalogue by relevance, then the
 * fallback, without duplicates, at most 8. Under 2 characters there are none.
 */
export async function searchSuggestions(
  catalog: LiveCatalogIndex,
  input: SearchInput,
  sources: SearchSources = {},
): Promise<SearchAnswer> {
  const query = input.query.trim();
  const limit = Math.min(Math.max(1, input.limit ?? SEARCH_MAX_LIMIT), SEARCH_MAX_LIMIT);
  if (characterCount(query) < SEARCH_MIN_QUERY_LENGTH) return NO_SUGGESTIONS;

  const normalized = foldText(query);
  const [history, index] = await Promise.all([
    sources.history ? sources.history(query, input.lang, limit) : Promise.resolve([]),
    catalog.current(),
  ]);
  const fromCatalog = catalogAnswer(index, normalized, input.lang, limit);
  if (history.length === 0 && (fromCatalog.books.length >= limit || !sources.fallback)) {
    return fromCatalog; // one source: nothing to merge
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
  fromCatalog.books.forEach(add);
  if (results.length < limit && sources.fallback) {
    (await sources.fallback(query, input.lang, limit)).forEach(add);
  }
  return answerOf(results);
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
  // Folded first, so a slug drops accents and apostrophes as search does ("Man's" -> "mans").
  return foldText(text)
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
