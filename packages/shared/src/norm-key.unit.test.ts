import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.js';
import { NORM_KEY_SEPARATOR, normalizeKeyPart, normKey } from './norm-key.js';

const language = fc.constantFrom(...LANGUAGES);
/** Any text at all, astral planes, marks and control characters included. */
const anyText = fc.string({ unit: 'grapheme', maxLength: 40 });

// Base letters (accents come as marks) whose upper case lowercases back to themselves ('ß' does
// not: 'SS'), so that changing their case is a spelling variation and not another word.
const LETTERS = Array.from('abcdefghijklmnopqrstuvwxyz0123456789øæœðþιжω');
const MARKS = ['\u0301', '\u0300', '\u0302', '\u0303', '\u0308', '\u0327', '\u030a', '\u030c'];
const PUNCTUATION = Array.from(`.,;:!?'"()[]{}-–—…«»¡¿/\\&+*#@%$€^~_|｜`);
const WHITESPACE = [' ', '  ', '\t', '\n', '\u00a0', '\u2003', '\u3000'];

/** A letter with an optional accent, as the base letter and the mark. */
const accentedLetter = fc.record({
  letter: fc.constantFrom(...LETTERS),
  mark: fc.option(fc.constantFrom(...MARKS), { nil: undefined }),
});
/** A title or author as words of possibly accented letters, one space apart. */
const words = fc.array(fc.array(accentedLetter, { minLength: 1, maxLength: 8 }), {
  minLength: 1,
  maxLength: 5,
});
type Words = Array<Array<{ letter: string; mark: string | undefined }>>;

const plain = (text: Words) => text.map((word) => word.map(({ letter }) => letter).join('')).join(' ');

/**
 * The same words spelt another way: each letter in either case, its accent composed, decomposed
 * or left out, punctuation slipped in anywhere, and any run of whitespace between and around words.
 */
const variant = (text: Words) =>
  fc
    .record({
      upper: fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
      accentForm: fc.array(fc.constantFrom('NFC', 'NFD', 'none'), { minLength: 64, maxLength: 64 }),
      punctuation: fc.array(fc.option(fc.constantFrom(...PUNCTUATION), { nil: '' }), {
        minLength: 64,
        maxLength: 64,
      }),
      gaps: fc.array(fc.constantFrom(...WHITESPACE), { minLength: 8, maxLength: 8 }),
      lead: fc.constantFrom('', ...WHITESPACE),
      trail: fc.constantFrom('', ...WHITESPACE),
    })
    .map(({ upper, accentForm, punctuation, gaps, lead, trail }) => {
      let n = 0;
      const spelt = text.map((word) =>
        word
          .map(({ letter, mark }) => {
            const i = n++ % 64;
            const cased = upper[i] ? letter.toUpperCase() : letter;
            const form = accentForm[i] ?? 'none';
            const accented = mark === undefined || form === 'none' ? cased : (cased + mark).normalize(form);
            return accented + (punctuation[i] ?? '');
          })
          .join(''),
      );
      return lead + spelt.map((word, i) => (i === 0 ? word : (gaps[i % 8] ?? ' ') + word)).join('') + trail;
    });

describe('normalizeKeyPart', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const once = normalizeKeyPart(text);
        expect(normalizeKeyPart(once)).toBe(once);
      }),
      { numRuns: 2_000 },
    );
  });

  it('gives every spelling of the same words (case, accents, punctuation, whitespace) one form', () => {
    fc.assert(
      fc.property(
        words.chain((text) => fc.tuple(fc.constant(text), variant(text), variant(text))),
        ([text, first, second]) => {
          const expected = plain(text);
          expect(normalizeKeyPart(first)).toBe(expected);
          expect(normalizeKeyPart(second)).toBe(expected);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('keeps no separator, no upper case, no accent and no stray whitespace', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const part = normalizeKeyPart(text);
        expect(part).not.toContain(NORM_KEY_SEPARATOR);
        expect(part).toBe(part.toLowerCase());
        expect(part).not.toMatch(/\p{M}/u);
        expect(part).not.toMatch(/^\s|\s$|\s\s|[^\S ]/u);
      }),
      { numRuns: 2_000 },
    );
  });

  it.each([
    ['Sapiens: A Brief History of Humankind', 'sapiens a brief history of humankind'],
    ['  O Poder   do Hábito ', 'o poder do habito'],
    ['CIEN AÑOS DE SOLEDAD', 'cien anos de soledad'],
    ['Rich Dad | Poor Dad', 'rich dad poor dad'],
    ['Ｆｕｌｌｗｉｄｔｈ｜Ｔｉｔｌｅ', 'fullwidthtitle'],
  ])('normalises %j to %j', (text, expected) => {
    expect(normalizeKeyPart(text)).toBe(expected);
  });
});

describe('normKey', () => {
  it('is its three parts joined by the separator, and splits back into them', () => {
    fc.assert(
      fc.property(anyText, anyText, language, (title, author, lang) => {
        const key = normKey(title, author, lang);
        expect(key.split(NORM_KEY_SEPARATOR)).toEqual([
          normalizeKeyPart(title),
          normalizeKeyPart(author),
          lang,
        ]);
      }),
      { numRuns: 2_000 },
    );
  });

  it('gives two books one key exactly when their titles and their authors normalise alike', () => {
    // Mostly near-misses: the same words moved between title and author, or run together.
    const pair = fc.oneof(
      fc.tuple(anyText, anyText, anyText, anyText),
      words.chain((text) =>
        fc.tuple(variant(text), fc.constant(''), variant(text), fc.constant('')).map(([a, b, c, d]) => {
          const split = a.indexOf(' ');
          return split < 0 ? [a, b, c, d] : [a.slice(0, split), a.slice(split), c, d];
        }),
      ),
    );
    fc.assert(
      fc.property(pair, language, ([title1, author1, title2, author2], lang) => {
        const same =
          normalizeKeyPart(title1) === normalizeKeyPart(title2) &&
          normalizeKeyPart(author1) === normalizeKeyPart(author2);
        expect(normKey(title1, author1, lang) === normKey(title2, author2, lang)).toBe(same);
      }),
      { numRuns: 1_000 },
    );
  });

  it('gives the same book in another language another key', () => {
    const twoLanguages = fc.tuple(language, language).filter(([first, second]) => first !== second);
    fc.assert(
      fc.property(anyText, anyText, twoLanguages, (title, author, [first, second]) => {
        expect(normKey(title, author, first)).not.toBe(normKey(title, author, second));
      }),
    );
  });

  it('gives the same book spelt differently the same key', () => {
    fc.assert(
      fc.property(
        words.chain((title) => fc.tuple(variant(title), variant(title))),
        words.chain((author) => fc.tuple(variant(author), variant(author))),
        language,
        ([title1, title2], [author1, author2], lang) => {
          expect(normKey(title1, author1, lang)).toBe(normKey(title2, author2, lang));
        },
      ),
      { numRuns: 500 },
    );
  });
});
