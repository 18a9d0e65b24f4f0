import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText, foldTextWithPositions } from './fold-text.js';
import { normalizeKeyPart } from './norm-key.js';

/** Any text at all: astral planes, marks, control characters and lone surrogates included. */
const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...Array.from("aA '’-.%_ \u0301ﬁＡΣσς\ud800")), maxLength: 20 }),
);

// Base letters whose upper case lowercases back to themselves ('ß' does not: 'SS').
const LETTERS = Array.from('abcdefghijklmnopqrstuvwxyz0123456789øæœðþжω');
const MARKS = ['\u0301', '\u0300', '\u0302', '\u0303', '\u0308', '\u0327', '\u030a', '\u030c'];
const APOSTROPHES = ["'", '’', '‘', '`'];
const BREAKS = Array.from(` \t\n\u00a0\u2003\u3000.,;:!?"()[]{}-–—…«»¡¿/\\&+*#@$€^~|｜`);

/** The two forms the product used before foldText, kept here as oracles: stored data must not move. */
const legacySearchNormalForm = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]+/g, '')
    .replace(/[^\p{L}\p{N}%_]+/gu, ' ')
    .trim();
const legacyNormKeyPart = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();

const letter = fc.record({
  letter: fc.constantFrom(...LETTERS),
  mark: fc.option(fc.constantFrom(...MARKS), { nil: undefined }),
  upper: fc.boolean(),
  form: fc.constantFrom('NFC' as const, 'NFD' as const, 'none' as const),
  apostrophe: fc.option(fc.constantFrom(...APOSTROPHES), { nil: '' }),
});
/** Words spelt any way: case, accents composed, decomposed or left out, apostrophes inside. */
const spelling = fc.record({
  words: fc.array(fc.array(letter, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }),
  breaks: fc.array(fc.string({ unit: fc.constantFrom(...BREAKS), minLength: 1, maxLength: 3 }), {
    minLength: 6,
    maxLength: 6,
  }),
});

describe('foldText', () => {
  it.each([
    ["Man's Search for Meaning", 'mans search for meaning'],
    ['  Hábitos   Atômicos! ', 'habitos atomicos'],
    ['Ha\u0301bitos', 'habitos'],
    ['CIEN AÑOS DE SOLEDAD', 'cien anos de soledad'],
    ['Sapiens: A Brief History', 'sapiens a brief history'],
    ['Rock-n-Roll', 'rock n roll'],
    ['Ｆｕｌｌｗｉｄｔｈ ﬁnance', 'fullwidth finance'],
    ['100% _x_', '100% _x_'],
    ['¿?!', ''],
    ['', ''],
  ])('folds %j to %j', (text, expected) => {
    expect(foldText(text)).toBe(expected);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const once = foldText(text);
        expect(foldText(once)).toBe(once);
      }),
      { numRuns: 2_000 },
    );
  });

  it('gives every spelling of the same words (case, accents, apostrophes, punctuation, spaces) one form', () => {
    fc.assert(
      fc.property(spelling, fc.constantFrom('', ' ', '-', '¿'), ({ words, breaks }, edge) => {
        const spelt = words.map((word) =>
          word
            .map(({ letter: base, mark, upper, form, apostrophe }) => {
              const cased = upper ? base.toUpperCase() : base;
              const accented = mark === undefined || form === 'none' ? cased : (cased + mark).normalize(form);
              return accented + apostrophe;
            })
            .join(''),
        );
        const text =
          edge + spelt.map((word, i) => (i === 0 ? word : `${breaks[i] ?? ' '}${word}`)).join('') + edge;
        const plain = words.map((word) => word.map(({ letter: base }) => base).join('')).join(' ');
        expect(foldText(text)).toBe(plain);
      }),
      { numRuns: 1_000 },
    );
  });

  it('answers lower-case letters, digits, % and _ in words one space apart', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const folded = foldText(text);
        expect(folded).toMatch(/^(?:[\p{L}\p{N}%_]+(?: [\p{L}\p{N}%_]+)*)?$/u);
        expect(folded).toBe(folded.toLowerCase());
        expect(folded).not.toMatch(/\p{M}/u);
      }),
      { numRuns: 2_000 },
    );
  });

  it('is the search normal form the catalogue used before it', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(foldText(text)).toBe(legacySearchNormalForm(text));
      }),
      { numRuns: 3_000 },
    );
  });

  it('keeps every code point where lower-casing cannot move positions', () => {
    // The pass lower-cases the whole decomposed text at once; the spans hold only because no
    // code point, once decomposed without marks, lower-cases to another length.
    const moved: string[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += 1) {
      const piece = String.fromCodePoint(codePoint)
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '');
      if (piece.toLowerCase().length !== piece.length) moved.push(codePoint.toString(16));
    }
    expect(moved).toEqual([]);
  });
});

describe('normalizeKeyPart (norm_key parts) on the same pass', () => {
  it('gives exactly the parts stored before foldText', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(normalizeKeyPart(text)).toBe(legacyNormKeyPart(text));
      }),
      { numRuns: 3_000 },
    );
    expect(normalizeKeyPart('ΟΔΟΣ rock-n-roll')).toBe('οδος rocknroll');
  });
});

describe('foldTextWithPositions', () => {
  it('maps "Man\'s" back whole, apostrophe included', () => {
    const { folded, starts, ends } = foldTextWithPositions("Man's Search");
    expect(folded).toBe('mans search');
    expect(starts).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(ends).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('maps a decomposed accent and a ligature to their whole original characters', () => {
    expect(foldTextWithPositions('Ha\u0301 ﬁ')).toEqual({
      folded: 'ha fi',
      starts: [0, 1, 3, 4, 4],
      ends: [1, 2, 4, 5, 5],
    });
  });

  it('folds exactly as foldText, with one ordered source span per folded code unit', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const { folded, starts, ends } = foldTextWithPositions(text);
        expect(folded).toBe(foldText(text));
        expect(starts).toHaveLength(folded.length);
        expect(ends).toHaveLength(folded.length);
        for (let i = 0; i < folded.length; i += 1) {
          const start = starts[i] ?? -1;
          const end = ends[i] ?? -1;
          expect(0 <= start && start < end && end <= text.length).toBe(true);
          if (i > 0) expect(start).toBeGreaterThanOrEqual(starts[i - 1] ?? 0);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('maps any stretch of the folded text to original text that folds to contain it', () => {
    const stretch = anyText
      .map((text) => ({ text, ...foldTextWithPositions(text) }))
      .filter(({ folded }) => folded.length > 0)
      .chain((mapped) =>
        fc
          .tuple(fc.nat(mapped.folded.length - 1), fc.nat(mapped.folded.length - 1))
          .map(([a, b]) => ({ ...mapped, from: Math.min(a, b), to: Math.max(a, b) + 1 })),
      );
    fc.assert(
      fc.property(stretch, ({ text, folded, starts, ends, from, to }) => {
        const original = text.slice(starts[from], ends[to - 1]);
        // Σ lower-cases to ς only at the end of a word, so a cut-out may end in the other sigma.
        const sigma = (value: string) => value.replaceAll('ς', 'σ');
        expect(sigma(foldText(original))).toContain(sigma(foldText(folded.slice(from, to))));
      }),
      { numRuns: 2_000 },
    );
  });
});
