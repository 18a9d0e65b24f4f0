import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nicknameSchema } from './contracts/gamification.js';
import { nicknameRefusal, normalizeNickname } from './nickname.js';

/** The reason the contract gives for refusing `value`, or null when it takes it. */
function refusalOf(value: string): unknown {
  const result = nicknameSchema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue?.code === 'custom' ? issue.params?.reason : issue?.code;
}

/** Characters that draw nothing or reorder their neighbours, one of each kind. */
const INVISIBLE = [
  '\u200B', // zero width space
  '\u200C', // zero width non-joiner
  '\u200D', // zero width joiner
  '\u2060', // word joiner
  '\uFEFF', // zero width no-break space
  '\u00AD', // soft hyphen
  '\u034F', // combining grapheme joiner
  '\u061C', // Arabic letter mark
  '\u200E', // left-to-right mark
  '\u202A', // left-to-right embedding
  '\u202E', // right-to-left override
  '\u2066', // left-to-right isolate
  '\u2069', // pop directional isolate
  '\u180E', // Mongolian vowel separator
  '\u115F', // Hangul choseong filler
  '\u1160', // Hangul jungseong filler
  '\u3164', // Hangul filler
  '\uFFA0', // halfwidth Hangul filler
  '\u2800', // Braille pattern blank
  '\uFE0F', // variation selector 16
  '\u{E0100}', // variation selector 17
  '\u{E0041}', // tag latin capital letter A
  '\u{1D173}', // musical symbol begin beam
  '\uE000', // private use
  '\uFFFF', // not a character
  '\u{50000}', // unassigned
  '\u0007', // bell
  '\u0085', // next line
  '\u2028', // line separator
] as const;

describe('nicknameSchema', () => {
  it('stores the trimmed NFKC form', () => {
    expect(nicknameSchema.parse('  ＡＤＭＩＮ ')).toBe('ADMIN');
    expect(nicknameSchema.parse('ﬁsh')).toBe('fish');
    expect(nicknameSchema.parse('Joa\u0303o Leitor')).toBe('João Leitor');
    expect(nicknameSchema.parse('Ana\u00A0Souza')).toBe('Ana Souza');
    expect(nicknameSchema.parse('Ana\u3000Souza')).toBe('Ana Souza');
  });

  it('accepts names in any script, with accents, punctuation and emoji', () => {
    for (const name of [
      'João Leitor',
      'Ñandú',
      'Zoë',
      'Мария',
      '李小龙',
      'محمد',
      'שרה',
      '<b>Ana</b>',
      'Ana 📚',
      'R2-D2',
    ]) {
      expect(nicknameSchema.parse(name)).toBe(name);
    }
  });

  it('refuses invisible, format, control, private-use and unassigned characters anywhere', () => {
    for (const character of INVISIBLE) {
      // Trimming takes what JavaScript counts as white space off the ends (U+FEFF, U+2028).
      const ends = character.trim() === '' ? [] : [`${character}Ana`, `Ana${character}`];
      for (const name of [`An${character}a`, ...ends]) {
        expect(refusalOf(name), `U+${character.codePointAt(0)?.toString(16)}`).toBe('invisible');
      }
    }
    for (const name of ['\u202Enimda\u200B', 'Ad\u200Bmin', '\u200B\u200B\u200B', '\u3164\u3164\u3164']) {
      expect(refusalOf(name)).toBe('invisible');
    }
    expect(refusalOf('\u2800\u2800\u2800')).toBe('invisible');
    expect(refusalOf('Ana ❤️')).toBe('invisible');
  });

  it('allows only single plain spaces between words', () => {
    for (const name of ['Ana  Souza', 'Ana\u1680Souza', 'Ana\u3000\u3000Souza', '\u00A8Admin']) {
      expect(refusalOf(name), name).toBe('spacing');
    }
    expect(refusalOf('Ana\tSouza')).toBe('invisible');
  });

  it('needs a letter or a digit', () => {
    for (const name of ['...', '!!!', '😀😀😀', '-_-', '\u0301\u0301\u0301']) {
      expect(refusalOf(name), name).toBe('noLetterOrDigit');
    }
    expect(nicknameSchema.parse('007')).toBe('007');
  });

  it('counts the length of the normalized name', () => {
    expect(refusalOf('ab')).toBe('too_small');
    expect(refusalOf('a'.repeat(21))).toBe('too_big');
    // One presentation form that NFKC spells out in 18 characters.
    expect(refusalOf('ﷺﷺ')).toBe('too_big');
    expect(refusalOf('   ')).toBe('too_small');
  });

  it('is idempotent: what it stores passes again unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 24 }), (value) => {
        const first = nicknameSchema.safeParse(value);
        if (!first.success) return;
        expect(nicknameSchema.parse(first.data)).toBe(first.data);
        expect(nicknameRefusal(normalizeNickname(first.data))).toBeNull();
      }),
    );
  });

  it('refuses any name with an invisible character inside', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }),
        fc.constantFrom(...INVISIBLE),
        fc.string({ maxLength: 8 }),
        (before, invisible, after) => {
          expect(nicknameSchema.safeParse(`Ana${before}${invisible}${after}Bia`).success).toBe(false);
        },
      ),
    );
  });
});
