import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { foldText, LANGUAGES } from '@summa/shared';

// Near-translations for the search box: the content words of the catalogue's titles in English,
// Portuguese and Spanish mapped to shared concepts (data/title-lexicon.json), so that a reader
// typing a literal translation of a title ("Trabalho Profundo", "Padre rico padre pobre") finds
// the book under whatever its edition in their language is called.

/** The shipped lexicon: the same relative place from src/ and dist/, like the catalogue. */
export const TITLE_LEXICON_FILE = fileURLToPath(new URL('../../../data/title-lexicon.json', import.meta.url));

/** Space-separated words, as written by hand in the data file. */
const wordList = z.string();
const byLanguage = z.strictObject({ en: wordList, pt: wordList, es: wordList });

const lexiconFileSchema = z.strictObject({
  /** Per language, words that carry no meaning of their own in a title (articles, prepositions...). */
  stopwords: byLanguage,
  /** Words with no translation (names, brands): each matches only itself. */
  names: wordList,
  /** Concept id → its words in each language. Plural -s and a final -o/-a fold away (wordKey). */
  concepts: z.record(z.string().min(1), byLanguage),
});

export type TitleLexiconFile = z.infer<typeof lexiconFileSchema>;

/** A query's last word completes to the lexicon's and titles' words from this many characters on. */
const PREFIX_MIN_LENGTH = 3;

/** Folded words of a space-separated list (foldText may split a hyphenated one). */
const foldedWords = (list: string) => foldText(list).split(' ').filter(Boolean);

/**
 * The lookup form of a folded word: plural -s and then a final -o or -a dropped, so 'habits',
 * 'habitos', 'atomicos' and 'atomica' meet 'habit', 'habito', 'atomico' without listing every
 * inflection. Two words that meet by accident only widen a low-ranked tier.
 */
export function wordKey(word: string): string {
  let key = word;
  if (key.length > 3 && key.endsWith('s') && !key.endsWith('ss')) key = key.slice(0, -1);
  if (key.length > 3 && (key.endsWith('o') || key.endsWith('a'))) key = key.slice(0, -1);
  return key;
}

/** The lexicon in lookup form: word keys → concept numbers, stopwords and names. */
export class TitleLexicon {
  /** Stopwords of all three languages: a query's language is not known. */
  private readonly stopwords: ReadonlySet<string>;
  readonly names: ReadonlySet<string>;
  private readonly byKey = new Map<string, number[]>();
  /** Concept ids by number. */
  readonly conceptIds: readonly string[];
  /** Every folded word the lexicon lists, in any language. */
  readonly words: readonly string[];

  constructor(file: TitleLexiconFile) {
    this.stopwords = new Set(LANGUAGES.flatMap((language) => foldedWords(file.stopwords[language])));
    this.names = new Set(foldedWords(file.names));
    this.conceptIds = Object.keys(file.concepts);
    const words = new Set<string>();
    this.conceptIds.forEach((id, concept) => {
      for (const language of LANGUAGES) {
        for (const word of foldedWords(file.concepts[id]?.[language] ?? '')) {
          words.add(word);
          const key = wordKey(word);
          const concepts = this.byKey.get(key);
          if (!concepts) this.byKey.set(key, [concept]);
          else if (!concepts.includes(concept)) concepts.push(concept);
        }
      }
    });
    this.words = [...words];
  }

  /** A folded word's concepts; undefined for a word the lexicon does not know. */
  concepts(word: string): readonly number[] | undefined {
    return this.byKey.get(wordKey(word));
  }

  /** Whether a folded word is one of the names (matched as the lexicon's words are, by key). */
  isName(word: string): boolean {
    return this.names.has(word) || this.names.has(wordKey(word));
  }

  /** Articles, prepositions and such, and any single letter that is not a digit. */
  isStopword(word: string): boolean {
    return this.stopwords.has(word) || (word.length === 1 && !/\d/.test(word));
  }

  /** A title's content words: what the lexicon must cover. */
  contentWords(title: string): string[] {
    return foldText(title)
      .split(' ')
      .filter((word) => word.length > 0 && !this.isStopword(word));
  }

  /** Words of each language listed as a stopword there and as a concept word too (a mistake in the file). */
  static stopwordClashes(file: TitleLexiconFile): string[] {
    const clashes: string[] = [];
    for (const language of LANGUAGES) {
      const stop = new Set(foldedWords(file.stopwords[language]));
      for (const entry of Object.values(file.concepts)) {
        clashes.push(...foldedWords(entry[language]).filter((word) => stop.has(word)));
      }
    }
    return clashes;
  }
}

export function loadTitleLexicon(file: string = TITLE_LEXICON_FILE): TitleLexicon {
  const parsed = lexiconFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(`${file} is not a valid title lexicon: ${z.prettifyError(parsed.error)}`);
  return new TitleLexicon(parsed.data);
}

/** The shipped lexicon, read once: a malformed file stops the server at start, like the catalogue. */
export const TITLE_LEXICON: TitleLexicon = loadTitleLexicon();

const NONE: readonly number[] = [];

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whether some concept of a title is in `wanted`. */
function meets(title: Int32Array, wanted: ReadonlySet<number>): boolean {
  for (const concept of title) if (wanted.has(concept)) return true;
  return false;
}

/**
 * Every book's titles as sets of concepts: a word the lexicon knows stands for its concepts,
 * any other word (a name, a title outside the lexicon) for itself. A query matches a title when
 * each of its content words meets one of the title's concepts, in any order, the last word
 * also by the words it begins (the reader is still typing).
 */
export class TitleConcepts {
  /** Concepts of the words outside the lexicon, numbered after the lexicon's, by word key. */
  private readonly literal = new Map<string, readonly number[]>();
  /** Every folded word of the lexicon and the titles, sorted, for completing the last word. */
  private readonly vocabulary: readonly string[];
  /** Each vocabulary word's concepts (none for a stopword), worked out once. */
  private readonly vocabularyConcepts: readonly (readonly number[])[];
  /** For each book, each title's concepts (stopwords left out). */
  private readonly titles: readonly (readonly Int32Array[])[];
  /** For each concept, the books (ascending) with a title that has it. */
  private readonly postings: Int32Array[];

  /** `titlesByBook`: each book's distinct titles, folded (foldText). */
  constructor(
    private readonly lexicon: TitleLexicon,
    titlesByBook: readonly (readonly string[])[],
  ) {
    // Titles repeat words: each word's concepts are worked out once.
    const byWord = new Map<string, readonly number[]>();
    const conceptsOf = (word: string) => {
      let concepts = byWord.get(word);
      if (concepts === undefined) {
        concepts = lexicon.isStopword(word) ? NONE : this.wordConcepts(word, true);
        byWord.set(word, concepts);
      }
      return concepts;
    };
    const books: (number[] | undefined)[] = [];
    this.titles = titlesByBook.map((titles, book) =>
      titles.map((title) => {
        const concepts: number[] = [];
        for (const word of title.split(' ')) {
          for (const concept of word ? conceptsOf(word) : NONE) {
            if (!concepts.includes(concept)) concepts.push(concept);
          }
        }
        for (const concept of concepts) {
          const list = (books[concept] ??= []);
          if (list.at(-1) !== book) list.push(book);
        }
        return Int32Array.from(concepts);
      }),
    );
    lexicon.words.forEach(conceptsOf);
    this.vocabulary = [...byWord.keys()].sort(byCodeUnits);
    this.vocabularyConcepts = this.vocabulary.map((word) => byWord.get(word) ?? NONE);
    this.postings = Array.from(books, (list) => Int32Array.from(list ?? []));
  }

  /** A word's concepts; a word outside the lexicon gets one of its own when `add`. */
  private wordConcepts(word: string, add = false): readonly number[] {
    const known = this.lexicon.concepts(word);
    if (known) return known;
    const key = wordKey(word);
    let concepts = this.literal.get(key);
    if (concepts === undefined && add) {
      concepts = [this.lexicon.conceptIds.length + this.literal.size];
      this.literal.set(key, concepts);
    }
    return concepts ?? NONE;
  }

  /** The concepts a query word can stand for: its own, and for the last word its completions'. */
  private queryWordConcepts(word: string, last: boolean): Set<number> {
    const concepts = new Set(this.wordConcepts(word));
    if (!last || word.length < PREFIX_MIN_LENGTH) return concepts;
    let low = 0;
    let high = this.vocabulary.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.vocabulary[middle] ?? '') < word) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < this.vocabulary.length && this.vocabulary[i]?.startsWith(word); i += 1) {
      for (const concept of this.vocabularyConcepts[i] ?? []) concepts.add(concept);
    }
    return concepts;
  }

  /**
   * Calls `visit` for each book, ascending, with a title that has the concepts of every content
   * word of `query` (folded), with a mask of those titles (bit i: the book's title i), until it
   * returns false. A query of stopwords only matches nothing.
   */
  match(query: string, visit: (book: number, titleMask: number) => boolean): void {
    const words = query.split(' ').filter(Boolean);
    const wanted: Set<number>[] = [];
    words.forEach((word, i) => {
      if (!this.lexicon.isStopword(word)) wanted.push(this.queryWordConcepts(word, i === words.length - 1));
    });
    if (wanted.length === 0 || wanted.some((concepts) => concepts.size === 0)) return;

    // Candidates: the books of the word whose concepts are in the fewest titles.
    let rarest = wanted[0] ?? new Set<number>();
    let fewest = Infinity;
    for (const concepts of wanted) {
      let size = 0;
      for (const concept of concepts) size += this.postings[concept]?.length ?? 0;
      if (size < fewest) [rarest, fewest] = [concepts, size];
    }
    const lists = [...rarest].map((concept) => this.postings[concept] ?? new Int32Array());
    const candidates =
      lists.length === 1
        ? (lists[0] ?? [])
        : [...new Set(lists.flatMap((list) => [...list]))].sort((a, b) => a - b);

    for (const book of candidates) {
      let mask = 0;
      (this.titles[book] ?? []).forEach((title, index) => {
        if (wanted.every((concepts) => meets(title, concepts))) mask |= 1 << index;
      });
      if (mask !== 0 && !visit(book, mask)) return;
    }
  }
}
