import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { foldText, type Language } from '@summa/shared';
import { catalogInputs } from './catalog-import.service.js';
import type { BookInput } from './catalog.repository.js';
import {
  loadTitleLexicon,
  TITLE_LEXICON as lexicon,
  TITLE_LEXICON_FILE,
  TitleConcepts,
  TitleLexicon,
  wordKey,
  type TitleLexiconFile,
} from './title-concepts.js';

const books = catalogInputs();

/** A book's edition titles by language (the original counts in its own language). */
const editions = (book: BookInput): [Language, string][] =>
  (
    [
      ['en', book.titleEn],
      ['pt', book.titlePt],
      ['es', book.titleEs],
    ] as const
  ).flatMap(([language, title]) => (title ? [[language, title] as [Language, string]] : []));

describe('the title lexicon file', () => {
  const serverRoot = fileURLToPath(new URL('../../../', import.meta.url));

  it("is the server package's data/title-lexicon.json, shipped with it", () => {
    expect(path.relative(serverRoot, TITLE_LEXICON_FILE)).toBe(path.join('data', 'title-lexicon.json'));
    const { files } = z
      .object({ files: z.array(z.string()) })
      .parse(JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')));
    expect(files).toContain('data/title-lexicon.json');
  });

  it('is checked when read: a malformed entry stops the load, naming the field', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'summa-lexicon-'));
    try {
      const file = path.join(dir, 'title-lexicon.json');
      const stopwords = { en: 'the', pt: 'o', es: 'el' };
      writeFileSync(
        file,
        JSON.stringify({ stopwords, names: '', concepts: { deep: { en: 'deep', pt: 'profundo' } } }),
      );
      expect(() => loadTitleLexicon(file)).toThrow(/title lexicon[\s\S]*concepts\.deep\.es/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('covers every content word of every catalogue title in English, Portuguese and Spanish', () => {
    const uncovered = books.flatMap((book) =>
      editions(book).flatMap(([language, title]) =>
        lexicon
          .contentWords(title)
          .filter((word) => !/^\d+$/.test(word) && !lexicon.isName(word) && !lexicon.concepts(word))
          .map((word) => `${language}: ${word} (${title})`),
      ),
    );
    expect(uncovered).toEqual([]);
  });

  it('lists no word of a language both as a stopword and as a concept word', () => {
    const file = JSON.parse(readFileSync(TITLE_LEXICON_FILE, 'utf8')) as TitleLexiconFile;
    expect(TitleLexicon.stopwordClashes(file)).toEqual([]);
  });
});

describe('word keys', () => {
  it('fold plural -s and a final -o or -a, so inflections meet', () => {
    expect(wordKey('habits')).toBe('habit');
    expect(wordKey('habitos')).toBe(wordKey('habito'));
    expect(wordKey('atomicos')).toBe(wordKey('atomica'));
    expect(wordKey('business')).toBe('business');
    expect(wordKey('sol')).toBe('sol');
  });
});

describe('title concepts', () => {
  const small = new TitleLexicon({
    stopwords: { en: 'the of', pt: 'o do', es: 'el del' },
    names: 'tolle',
    concepts: {
      power: { en: 'power', pt: 'poder', es: 'poder' },
      now: { en: 'now', pt: 'agora', es: 'ahora' },
      work: { en: 'work', pt: 'trabalho', es: 'trabajo' },
      deep: { en: 'deep', pt: 'profundo', es: 'profundo' },
    },
  });
  const titles = [['the power of now', 'o poder do agora'], ['deep work'], ['tolle talks']];
  const concepts = new TitleConcepts(small, titles);
  const matches = (query: string) => {
    const found: [number, number][] = [];
    concepts.match(query, (book, mask) => found.push([book, mask]) > 0);
    return found;
  };

  it('matches a translation, in any order, with each title it matches marked', () => {
    expect(matches('el poder del ahora')).toEqual([[0, 0b11]]);
    expect(matches('trabalho profundo')).toEqual([[1, 1]]);
    expect(matches('profundo trabajo')).toEqual([[1, 1]]);
  });

  it('needs every content word of the query in one title', () => {
    expect(matches('poder profundo')).toEqual([]);
    expect(matches('agora work')).toEqual([]);
  });

  it('completes the last word from 3 characters, as the reader types', () => {
    expect(matches('profundo trab')).toEqual([[1, 1]]);
    expect(matches('poder ag')).toEqual([]);
    expect(matches('trabalho pr')).toEqual([]);
  });

  it('matches words outside the lexicon only as themselves, and nothing for stopwords alone', () => {
    expect(matches('talks tolle')).toEqual([[2, 1]]);
    expect(matches('talk')).toEqual([[2, 1]]);
    expect(matches('the of')).toEqual([]);
    expect(matches('el')).toEqual([]);
    expect(matches('unheard')).toEqual([]);
  });

  it('stops when the visitor says so', () => {
    const seen: number[] = [];
    new TitleConcepts(small, [['deep work'], ['work deep']]).match('work', (book) => {
      seen.push(book);
      return false;
    });
    expect(seen).toEqual([0]);
  });

  it('finds every catalogue book by the content words of any of its titles, shuffled', () => {
    const all = new TitleConcepts(
      lexicon,
      books.map((book) => [...new Set(editions(book).map(([, title]) => foldText(title)))]),
    );
    const withWords = books.flatMap((book, index) =>
      editions(book).flatMap(([, title]) => {
        const words = lexicon.contentWords(title);
        return words.length > 0 ? [{ index, words }] : [];
      }),
    );
    fc.assert(
      fc.property(
        fc
          .constantFrom(...withWords)
          .chain(({ index, words }) =>
            fc.tuple(fc.constant(index), fc.shuffledSubarray(words, { minLength: words.length })),
          ),
        ([index, words]) => {
          const found: number[] = [];
          all.match(words.join(' '), (book) => found.push(book) > 0);
          expect(found).toContain(index);
        },
      ),
    );
  });
});
