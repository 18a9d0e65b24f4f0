import { foldText, type Language } from '@summa/shared';
import { pickEdition } from './book-editions.js';
import type { BookRecord } from './catalog.repository.js';
import { TITLE_LEXICON, TitleConcepts, type TitleLexicon } from './title-concepts.js';

/** Relevance tiers, best first. */
const enum Tier {
  /** A whole title (any edition) or the author is the query. */
  Whole = 0,
  /** A title or the author starts with the query. */
  Start = 1,
  /** A word inside a title or the author starts with the query. */
  WordStart = 2,
  /** The query is inside a title or the author (3 characters or more). */
  Inside = 3,
  /** A title has the query's words in translation, in any order (title-concepts.ts). */
  Concept = 4,
}

/**
 * A match's place in the list: its tier, and within a tier a match on the title the reader is
 * shown (their language's edition when there is one, see pickEdition) before other editions.
 */
const grade = (tier: Tier, shown: boolean) => tier * 2 + (shown ? 0 : 1);

/** pg_trgm's default word_similarity_threshold: what counts as "similar". */
const SIMILARITY_THRESHOLD = 0.6;

/** Under this many characters a query matches word starts only, never a substring. */
const SUBSTRING_MIN_LENGTH = 3;

/** The `limit` best books by (grade, rank); a book offered twice keeps its better grade. */
class TopBooks {
  private readonly entries: { book: number; grade: number }[] = [];

  constructor(private readonly limit: number) {}

  /** Whether a book of this grade and rank would make the list. */
  wants(book: number, grade: number): boolean {
    const last = this.entries.length < this.limit ? undefined : this.entries.at(-1);
    return !last || grade < last.grade || (grade === last.grade && book < last.book);
  }

  offer(book: number, grade: number): void {
    if (!this.wants(book, grade)) return;
    const existing = this.entries.findIndex((entry) => entry.book === book);
    if (existing >= 0) {
      if ((this.entries[existing]?.grade ?? Infinity) <= grade) return;
      this.entries.splice(existing, 1);
    }
    const at = this.entries.findIndex(
      (entry) => entry.grade > grade || (entry.grade === grade && entry.book > book),
    );
    this.entries.splice(at < 0 ? this.entries.length : at, 0, { book, grade });
    if (this.entries.length > this.limit) this.entries.pop();
  }

  get size(): number {
    return this.entries.length;
  }

  list(): number[] {
    return this.entries.map((entry) => entry.book);
  }
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Strings sorted in code-unit order, each with the book it belongs to: prefix ranges. */
class SortedKeys {
  readonly keys: string[];
  readonly books: Int32Array;

  constructor(entries: [string, number][]) {
    entries.sort((a, b) => byCodeUnits(a[0], b[0]) || a[1] - b[1]);
    this.keys = entries.map(([key]) => key);
    this.books = Int32Array.from(entries, ([, book]) => book);
  }

  /** [from, to): the positions of the keys that start with `prefix`. */
  range(prefix: string): [number, number] {
    const from = this.firstWhere((key) => key >= prefix);
    const to = this.firstWhere((key) => key > prefix && !key.startsWith(prefix), from);
    return [from, to];
  }

  /** The first position where `test` holds; it must hold from there to the end. */
  private firstWhere(test: (key: string) => boolean, low = 0): number {
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (test(this.keys[middle] ?? '')) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

/**
 * pg_trgm's trigrams of a text, in order: each word (a run of letters and digits) padded with
 * two spaces before and one after, cut in threes.
 */
export function wordTrigrams(text: string): string[] {
  const trigrams: string[] = [];
  for (const word of text.split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) trigrams.push(padded.slice(i, i + 3));
  }
  return trigrams;
}

/**
 * Scores pg_trgm's word_similarity on trigrams numbered by a dictionary: the best, over every
 * stretch of a text's trigrams, of the query's trigrams found there over the query's trigrams
 * plus the stretch's others. Reuses one array of marks across calls.
 */
class StretchScorer {
  private marks: Int32Array;
  private generation = 0;

  constructor(dictionarySize: number) {
    this.marks = new Int32Array(dictionarySize);
  }

  best(sequence: ArrayLike<number>, inQuery: (id: number) => boolean, querySize: number): number {
    let best = 0;
    for (let start = 0; start < sequence.length; start += 1) {
      if (!inQuery(sequence[start] ?? -1)) continue; // a best stretch starts on a shared trigram
      const mark = this.nextGeneration();
      let unique = 0;
      let shared = 0;
      for (let end = start; end < sequence.length; end += 1) {
        const id = sequence[end] ?? -1;
        if (this.marks[id] === mark) continue;
        this.marks[id] = mark;
        unique += 1;
        if (!inQuery(id)) continue;
        shared += 1;
        best = Math.max(best, shared / (querySize + unique - shared));
      }
    }
    return best;
  }

  private nextGeneration(): number {
    if (this.generation >= 0x3fffffff) {
      this.marks.fill(0);
      this.generation = 0;
    }
    this.generation += 1;
    return this.generation;
  }
}

/** pg_trgm's word_similarity(query, text), for tests and one-off use. */
export function wordSimilarity(query: string, text: string): number {
  const ids = new Map<string, number>();
  const idOf = (trigram: string) => {
    let id = ids.get(trigram);
    if (id === undefined) ids.set(trigram, (id = ids.size));
    return id;
  };
  const queryIds = new Set(wordTrigrams(query).map(idOf));
  const sequence = wordTrigrams(text).map(idOf);
  return new StretchScorer(ids.size).best(sequence, (id) => queryIds.has(id), queryIds.size);
}

/** Whether an ascending list holds `book` (binary search). */
function hasBook(list: Int32Array, book: number): boolean {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle] ?? Infinity) < book) low = middle + 1;
    else high = middle;
  }
  return list[low] === book;
}

/**
 * The catalogue in memory, for the search box: every book's titles (each edition) and author
 * folded (foldText, the search normal form), with sorted keys for title, author and word starts, and trigram lists
 * for substrings and typos. Built from the database (which stays the source of truth) and
 * replaced as a whole when the catalogue changes, so a search is a few lookups with no
 * database round trip.
 */
export class CatalogIndex {
  /** Books by rank: trending score, then title, then id, like every ordering of the catalogue. */
  private readonly records: readonly BookRecord[];
  /** Each book's distinct normalized titles and author, joined as '|key|key|...|'. */
  private readonly joinedKeys: readonly string[];
  private readonly starts: SortedKeys;
  private readonly wordStarts: SortedKeys;
  /** For each three-character piece of a key, the books (ascending: rank order) with it. */
  private readonly pieces = new Map<string, Int32Array>();
  /** pg_trgm trigrams, numbered. */
  private readonly trigramIds = new Map<string, number>();
  /** For each trigram id, the books (ascending) whose keys have it. */
  private readonly trigramBooks: Int32Array[];
  /** For each book, each key's trigram ids in order. */
  private readonly keyTrigrams: readonly (readonly Int32Array[])[];
  private readonly scorer: StretchScorer;
  /** Near-translations of the titles. */
  private readonly concepts: TitleConcepts;
  /** Per language, each book's shown title folded, and its place among the book's titles. */
  private readonly shown: Record<Language, { key: string; title: number }[]>;

  constructor(records: readonly BookRecord[], lexicon: TitleLexicon = TITLE_LEXICON) {
    this.records = [...records].sort(
      (a, b) => b.trendingScore - a.trendingScore || byCodeUnits(a.title, b.title) || byCodeUnits(a.id, b.id),
    );
    // Titles are folded for keys, concepts and the shown title: fold each text once.
    const foldedTexts = new Map<string, string>();
    const fold = (text: string) => {
      let folded = foldedTexts.get(text);
      if (folded === undefined) foldedTexts.set(text, (folded = foldText(text)));
      return folded;
    };
    const keys = this.records.map((record) => {
      const texts = [record.title, record.titleEn, record.titlePt, record.titleEs, record.author];
      const normalized = texts.flatMap((text) => (text ? [fold(text)] : []));
      return [...new Set(normalized)].filter((key) => key.length > 0);
    });
    this.joinedKeys = keys.map((bookKeys) => `|${bookKeys.join('|')}|`);
    const titles = this.records.map((record) => {
      const texts = [record.title, record.titleEn, record.titlePt, record.titleEs];
      return [...new Set(texts.flatMap((text) => (text ? [fold(text)] : [])))];
    });
    this.concepts = new TitleConcepts(lexicon, titles);
    const shownIn = (language: Language) =>
      this.records.map((record, book) => {
        const key = fold(pickEdition(record, language).title);
        return { key, title: titles[book]?.indexOf(key) ?? -1 };
      });
    this.shown = { pt: shownIn('pt'), en: shownIn('en'), es: shownIn('es') };

    const startEntries: [string, number][] = [];
    const wordStartEntries: [string, number][] = [];
    const pieceBooks = new Map<string, number[]>();
    const trigramBooks: (number[] | undefined)[] = [];
    this.keyTrigrams = keys.map((bookKeys, book) => {
      const bookPieces = new Set<string>();
      const bookTrigrams = new Set<number>();
      const sequences = bookKeys.map((key) => {
        startEntries.push([key, book]);
        for (let i = key.indexOf(' '); i >= 0; i = key.indexOf(' ', i + 1)) {
          wordStartEntries.push([key.slice(i + 1), book]);
        }
        for (let i = 0; i + 3 <= key.length; i += 1) bookPieces.add(key.slice(i, i + 3));
        const sequence = Int32Array.from(wordTrigrams(key), (trigram) => this.trigramId(trigram));
        sequence.forEach((id) => bookTrigrams.add(id));
        return sequence;
      });
      for (const piece of bookPieces) {
        const list = pieceBooks.get(piece);
        if (list) list.push(book);
        else pieceBooks.set(piece, [book]);
      }
      for (const id of bookTrigrams) (trigramBooks[id] ??= []).push(book);
      return sequences;
    });
    this.starts = new SortedKeys(startEntries);
    this.wordStarts = new SortedKeys(wordStartEntries);
    for (const [piece, list] of pieceBooks) this.pieces.set(piece, Int32Array.from(list));
    this.trigramBooks = Array.from(trigramBooks, (list) => Int32Array.from(list ?? []));
    this.scorer = new StretchScorer(this.trigramIds.size);
  }

  private trigramId(trigram: string): number {
    let id = this.trigramIds.get(trigram);
    if (id === undefined) this.trigramIds.set(trigram, (id = this.trigramIds.size));
    return id;
  }

  /**
   * Best matches first: whole titles, then title or author starts, then word starts, then
   * substrings, then near-translations of a title, each with the title shown in `language`
   * first and then by rank. Only when none of those match, typos, most similar first.
   * `query` must already be folded (foldText).
   */
  search(query: string, limit: number, language: Language): BookRecord[] {
    if (query.length === 0 || limit <= 0) return [];
    const shown = this.shown[language];
    const top = new TopBooks(limit);
    const [from, to] = this.starts.range(query);
    for (let i = from; i < to; i += 1) {
      const book = this.starts.books[i] ?? -1;
      if (book < 0) continue;
      const key = shown[book]?.key ?? '';
      if (this.starts.keys[i] === query) top.offer(book, grade(Tier.Whole, key === query));
      else top.offer(book, grade(Tier.Start, key.startsWith(query)));
    }
    // Short of the limit, every book that starts with the query is in the list already.
    if (top.size < limit) this.offerInside(query, new Set(top.list()), top, shown);
    if (top.size < limit) this.offerConcepts(query, top, shown);
    if (top.size === 0 && query.length >= SUBSTRING_MIN_LENGTH) return this.similar(query, limit);
    return top.list().flatMap((book) => this.records[book] ?? []);
  }

  private offerConcepts(query: string, top: TopBooks, shown: readonly { title: number }[]): void {
    this.concepts.match(query, (book, titleMask) => {
      // Books come in rank order: once no later one could make the list, stop.
      if (!top.wants(book, grade(Tier.Concept, true))) return false;
      const title = shown[book]?.title ?? -1;
      top.offer(book, grade(Tier.Concept, title >= 0 && (titleMask & (1 << title)) !== 0));
      return true;
    });
  }

  private offerInside(
    query: string,
    exclude: ReadonlySet<number>,
    top: TopBooks,
    shown: readonly { key: string }[],
  ): void {
    const startsAWord = (book: number) => ` ${shown[book]?.key ?? ''}`.includes(` ${query}`);
    if (query.length < SUBSTRING_MIN_LENGTH) {
      const [from, to] = this.wordStarts.range(query);
      for (let i = from; i < to; i += 1) {
        const book = this.wordStarts.books[i] ?? -1;
        if (book >= 0 && !exclude.has(book)) top.offer(book, grade(Tier.WordStart, startsAWord(book)));
      }
      return;
    }
    // Every book containing the query has each of its three-character pieces: check the
    // books of the rarest piece.
    let rarest: Int32Array | undefined;
    for (let i = 0; i + 3 <= query.length; i += 1) {
      const list = this.pieces.get(query.slice(i, i + 3));
      if (!list) return;
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    // A query has no '|', so a match in the joined keys lies within one key.
    const wordStart = ` ${query}`;
    for (const book of rarest ?? []) {
      // Books come in rank order: once no later one could make the list, stop.
      if (!top.wants(book, grade(Tier.WordStart, true))) break;
      if (exclude.has(book)) continue;
      const joined = this.joinedKeys[book] ?? '';
      if (joined.includes(wordStart)) top.offer(book, grade(Tier.WordStart, startsAWord(book)));
      else if (top.wants(book, grade(Tier.Inside, true)) && joined.includes(query)) {
        top.offer(book, grade(Tier.Inside, shown[book]?.key.includes(query) ?? false));
      }
    }
  }

  /** Typo tolerance: pg_trgm's word_similarity of at least 0.6 to one of a book's keys. */
  private similar(query: string, limit: number): BookRecord[] {
    const queryTrigrams = new Set(wordTrigrams(query));
    const known = [...queryTrigrams].flatMap((trigram) => {
      const id = this.trigramIds.get(trigram);
      return id === undefined ? [] : [id];
    });
    const knownSet = new Set(known);
    // word_similarity >= t needs at least t of the query's trigrams in the text, so any
    // (known - needed + 1) of them holds at least one: gather candidates from the rarest.
    const needed = Math.ceil(SIMILARITY_THRESHOLD * queryTrigrams.size - 1e-9);
    if (needed === 0 || known.length < needed) return [];
    const lists = known
      .map((id) => this.trigramBooks[id] ?? new Int32Array())
      .sort((a, b) => a.length - b.length);
    const rarest = lists.slice(0, known.length - needed + 1);
    const rest = lists.slice(rarest.length);
    const shared = new Map<number, number>();
    for (const list of rarest) for (const book of list) shared.set(book, (shared.get(book) ?? 0) + 1);
    const candidates: number[] = [];
    for (const [book, count] of shared) {
      const total = rest.reduce((sum, list) => sum + (hasBook(list, book) ? 1 : 0), count);
      if (total >= needed) candidates.push(book);
    }
    const inQuery = (id: number) => knownSet.has(id);
    const scored: { book: number; similarity: number }[] = [];
    for (const book of candidates) {
      let similarity = 0;
      for (const sequence of this.keyTrigrams[book] ?? []) {
        similarity = Math.max(similarity, this.scorer.best(sequence, inQuery, queryTrigrams.size));
      }
      if (similarity >= SIMILARITY_THRESHOLD) scored.push({ book, similarity });
    }
    scored.sort((a, b) => b.similarity - a.similarity || a.book - b.book);
    return scored.slice(0, limit).flatMap(({ book }) => this.records[book] ?? []);
  }
}
