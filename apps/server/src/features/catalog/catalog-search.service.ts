import {
  SEARCH_MAX_LIMIT,
  SEARCH_MIN_QUERY_LENGTH,
  foldText,
  type Language,
  type Suggestion,
} from '@summa/shared';
import { createMemoryCache, type MemoryCache } from '../../cache/memory-cache.js';
import type { Database } from '../../db/database.js';
import { toSuggestion } from './book-editions.js';
import { CatalogIndex } from './catalog-index.js';
import { catalogVersion, loadAllBooks } from './catalog.repository.js';

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
export const characterCount = (text: string) => Array.from(text).length;

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

/**
 * Catalogue-only answers ready to send, per language and limit: one cache per index (its size
 * in CACHE_SETTINGS.searchAnswer). An index never changes, so its answers stay right for its
 * life and go with it; a search that began on the previous index fills that one's cache.
 */
const readyAnswers = new WeakMap<CatalogIndex, MemoryCache<SearchAnswer>>();

function catalogAnswer(index: CatalogIndex, normalized: string, language: Language, limit: number) {
  let answers = readyAnswers.get(index);
  if (!answers) readyAnswers.set(index, (answers = createMemoryCache<SearchAnswer>('searchAnswer')));
  const key = `${language}|${limit}|${normalized}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = answerOf(
      index.search(normalized, limit, language).map((record) => toSuggestion(record, language)),
    );
    answers.set(key, answer);
  }
  return answer;
}

/**
 * Suggestions for the search box: history first, then the catalogue by relevance, then the
 * fallback, without duplicates, at most 8. Under 2 characters there are none.
 */
export async function searchSuggestions(
  catalog: Pick<LiveCatalogIndex, 'current'>,
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
