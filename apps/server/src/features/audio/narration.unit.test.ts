import { readdirSync, readFileSync } from 'node:fs';
import { LANGUAGES, summaryContentSchema, type Language } from '@summa/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NARRATION_PHRASES } from './narration-phrases.js';
import {
  NARRATION_FIRST_PART_MAX_CHARS,
  NARRATION_MAX_PART_CHARS,
  NARRATION_MIN_PART_CHARS,
  narrationParts,
  narrationSections,
  speakable,
  splitNarration,
  type NarrationInput,
  type NarrationSection,
} from './narration.js';

const FIXTURES = new URL('../../test/fixtures/summaries/', import.meta.url);

/** The sample summaries, three languages, both kinds, checked against the stored-summary contract. */
const fixtures: [string, NarrationInput][] = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => {
    const raw = JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as NarrationInput;
    return [name, { ...raw, content: summaryContentSchema.parse(raw.content) }];
  });

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The summary's own texts, in narration order, as the narrator says them. */
function spokenFields(input: NarrationInput): string[] {
  const phrases = NARRATION_PHRASES[input.language];
  const say = (text: string) => speakable(text, phrases).replace(/[.!?…:;]$/, '');
  const { content } = input;
  const fields = [input.title, input.author, content.oneLiner];
  if (content.kind === 'nonfiction') {
    fields.push(...content.keyIdeas.flatMap((idea) => [idea.title, idea.explanation]));
  } else {
    fields.push(content.recommendedFor, content.synopsis, ...content.themes);
    fields.push(...content.characters.flatMap((character) => [character.name, character.description]));
    fields.push(content.writingStyle);
  }
  return fields.map(say);
}

function expectInOrder(haystack: string, needles: string[]) {
  let from = 0;
  for (const needle of needles) {
    const at = haystack.indexOf(needle, from);
    expect(at, `"${needle.slice(0, 60)}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + needle.length;
  }
}

describe('the narration script', () => {
  it('has fixtures of both kinds in every language', () => {
    const seen = new Set(fixtures.map(([, input]) => `${input.language}-${input.content.kind}`));
    for (const language of LANGUAGES) {
      expect(seen).toContain(`${language}-fiction`);
      expect(seen).toContain(`${language}-nonfiction`);
    }
  });

  it.each(fixtures)('%s: speaks every narrated field in order, within parts of the limit', (_name, input) => {
    const parts = narrationParts(input);
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect(part.text.length).toBeLessThanOrEqual(NARRATION_MAX_PART_CHARS);
    // The first part is short, to be playable soon: the book and the one-line summary at least.
    expect(parts[0]?.text.length).toBeLessThanOrEqual(NARRATION_FIRST_PART_MAX_CHARS);
    expect(parts[0]?.sections.slice(0, 2)).toEqual(['book', 'oneLiner']);
    expect(parts.map((part) => part.index)).toEqual(parts.map((_, index) => index));
    const whole = squash(parts.map((part) => part.text).join(' '));
    expectInOrder(whole, spokenFields(input));
    expect(whole.endsWith(NARRATION_PHRASES[input.language].end)).toBe(true);
  });

  it('narrates the spec headings a non-fiction summary has, headings in its language', () => {
    const input = fixtures.find(([name]) => name === 'pt-nonfiction.json')?.[1];
    if (!input) throw new Error('missing fixture');
    const sections = narrationSections(input);
    expect(sections.map((section) => section.key)).toEqual(['book', 'oneLiner', 'keyIdeas']);
    expect(sections[0]?.text).toBe('Hábitos Atômicos, de James Clear.');
    expect(sections[1]?.text.startsWith('Em uma frase.')).toBe(true);
    expect(sections[2]?.text.startsWith('Ideias-chave. Primeiro, Os hábitos são')).toBe(true);
    expect(sections[2]?.text).toContain('Segundo, Foque em sistemas');
    // The last of a list is introduced as the last.
    expect(sections[2]?.text).toContain('Por fim, Nunca falhe duas vezes.');
  });

  it('narrates a fiction summary in the spec heading order', () => {
    const input = fixtures.find(([name]) => name === 'en-fiction.json')?.[1];
    if (!input) throw new Error('missing fixture');
    expect(narrationSections(input).map((section) => section.key)).toEqual([
      'book',
      'oneLiner',
      'recommendedFor',
      'synopsis',
      'themes',
      'characters',
      'writingStyle',
    ]);
    const sections = narrationSections(input);
    expect(sections[0]?.text).toBe('Pride and Prejudice, by Jane Austen.');
    expect(sections.find((section) => section.key === 'themes')?.text).toMatch(
      /^Themes\. First, First impressions .* Finally, Class, manners/,
    );
  });

  it.each([
    ['en', 'Sleep 7-9 hours and walk 20–30 minutes.', 'Sleep 7 to 9 hours and walk 20 to 30 minutes.'],
    ['pt', 'Durma 7-9 horas — todos os dias.', 'Durma 7 a 9 horas, todos os dias.'],
    ['es', 'Entre 2 - 3 compromisos.', 'Entre 2 a 3 compromisos.'],
  ] as const)('reads number ranges and dashes naturally in %s', (language, text, spoken) => {
    expect(speakable(text, NARRATION_PHRASES[language])).toBe(spoken);
  });

  it('adds a full stop to items without one, so that each ends with a pause', () => {
    const input = fixtures.find(([name]) => name === 'es-fiction.json')?.[1];
    if (!input || input.content.kind !== 'fiction') throw new Error('missing fixture');
    const content = { ...input.content, themes: ['Soledad', 'Memoria', 'Olvido'] };
    const themes = narrationSections({ ...input, content }).find((section) => section.key === 'themes');
    expect(themes?.text).toBe('Temas. Primero, Soledad. Segundo, Memoria. Por último, Olvido.');
  });

  it('breaks parts between sections when whole sections fit', () => {
    const input = fixtures.find(([name]) => name === 'en-fiction.json')?.[1];
    if (!input) throw new Error('missing fixture');
    const sections = narrationSections(input);
    const parts = narrationParts(input, { maxChars: 1_000, firstPartMaxChars: 1_000 });
    expect(sections.every((section) => section.text.length <= 1_000)).toBe(true);
    for (const part of parts) {
      // Each part starts with the beginning of a section (its heading, or the book line).
      expect(sections.some((section) => part.text.startsWith(section.text.slice(0, 40)))).toBe(true);
    }
    expect(parts.length).toBeGreaterThan(1);
  });

  it('breaks a section longer than a part between sentences', () => {
    const input = fixtures.find(([name]) => name === 'pt-nonfiction.json')?.[1];
    if (!input) throw new Error('missing fixture');
    const parts = narrationParts(input, { maxChars: 400 });
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) {
      expect(part.text.length).toBeLessThanOrEqual(400);
      expect(part.text).toMatch(/[.!?…]$/);
    }
  });
});

describe('short parts (issue 23: a 0:39 part and a 0:01 part)', () => {
  /** A one-line narration of `chars` characters: the book line and sentences of ten-letter words. */
  function sectionsOf(chars: number): NarrationSection[] {
    const book = 'Atomic Habits, by James Clear.';
    let oneLiner = 'In one sentence.';
    while (oneLiner.length < chars - book.length - 2) oneLiner += ' Abcdefghij klmnopqrst.';
    return [
      { key: 'book', text: book },
      { key: 'oneLiner', text: oneLiner.slice(0, chars - book.length - 2).trim() },
    ];
  }

  it('does not leave the closing line alone in a part of a second', () => {
    // The narration fills the first part (~39 s) so that the closing line alone would be a second part.
    const end = NARRATION_PHRASES.en.end;
    const sections = sectionsOf(NARRATION_FIRST_PART_MAX_CHARS - end.length + 2);
    const whole = sections.map((section) => section.text).join('\n\n');
    expect(whole.length + 1 + end.length).toBeGreaterThan(NARRATION_FIRST_PART_MAX_CHARS);
    const parts = splitNarration(sections, 'en');
    expect(parts).toHaveLength(2);
    for (const part of parts) expect(part.text.length).toBeGreaterThanOrEqual(NARRATION_MIN_PART_CHARS);
    expect(parts[0]?.text.length).toBeLessThanOrEqual(NARRATION_FIRST_PART_MAX_CHARS);
    expect(parts[1]?.text.endsWith(end)).toBe(true);
    expect(parts[1]?.sections).toEqual(['oneLiner']);
    expect(parts[1]?.estimatedDurationMs).toBeGreaterThanOrEqual(5_000);
    expect(squash(parts.map((part) => part.text).join(' '))).toBe(squash(`${whole} ${end}`));
  });

  it('merges a short tail into the part before it when both fit', () => {
    const parts = splitNarration(sectionsOf(1_200), 'pt', { firstPartMaxChars: 1_150, maxChars: 2_500 });
    expect(parts.map((part) => part.text.length >= NARRATION_MIN_PART_CHARS)).toEqual(parts.map(() => true));
  });

  it('keeps a narration shorter than a part whole, however short', () => {
    const parts = splitNarration([{ key: 'book', text: 'Ok.' }], 'es');
    expect(parts).toHaveLength(1);
    expect(parts[0]?.text).toBe(`Ok. ${NARRATION_PHRASES.es.end}`);
  });

  it('fills a short part from a long section rather than ending it after a few words', () => {
    // A short book line, then a section too long for the first part: the first part is filled.
    const long = Array.from({ length: 60 }, (_, index) => `Sentence number ${index} is here.`).join(' ');
    const parts = splitNarration(
      [
        { key: 'book', text: 'Dune.' },
        { key: 'synopsis', text: long },
      ],
      'en',
      { firstPartMaxChars: 600, maxChars: 1_000 },
    );
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.text.length).toBeGreaterThanOrEqual(NARRATION_MIN_PART_CHARS);
    expect(parts[0]?.sections).toEqual(['book', 'synopsis']);
  });
});

const LANGUAGE = fc.constantFrom<Language>(...LANGUAGES);
/** Sentences of words, with the odd digit range, in the sizes the contracts allow. */
const prose = (maxLength: number) =>
  fc
    .array(
      fc.tuple(
        fc.array(fc.stringMatching(/^[A-Za-zÀ-ú]{1,12}$/), { minLength: 1, maxLength: 30 }),
        fc.constantFrom('.', '!', '?', '', ' 3-5.'),
      ),
      { minLength: 1, maxLength: 12 },
    )
    .map((sentences) => sentences.map(([words, end]) => words.join(' ') + end).join(' '))
    .map((text) => text.slice(0, maxLength).trim())
    .filter((text) => text.length > 0);

const nonFiction = fc.record({
  kind: fc.constant('nonfiction' as const),
  oneLiner: prose(400),
  keyIdeas: fc.array(fc.record({ title: prose(160), explanation: prose(1200) }), {
    minLength: 5,
    maxLength: 7,
  }),
  actions: fc.array(prose(400), { minLength: 5, maxLength: 7 }),
  routine: fc.array(prose(300), { minLength: 3, maxLength: 7 }),
  sevenDayPlan: fc.array(
    fc.record({ focus: prose(200), tasks: fc.array(prose(300), { minLength: 1, maxLength: 5 }) }),
    {
      minLength: 7,
      maxLength: 7,
    },
  ),
  metrics: fc.array(prose(300), { minLength: 3, maxLength: 6 }),
  pitfalls: fc.array(prose(400), { minLength: 3, maxLength: 6 }),
  closing: prose(1000),
});
const fiction = fc.record({
  kind: fc.constant('fiction' as const),
  oneLiner: prose(400),
  synopsis: prose(2500),
  themes: fc.array(prose(400), { minLength: 3, maxLength: 6 }),
  characters: fc.array(fc.record({ name: prose(120), description: prose(600) }), {
    minLength: 2,
    maxLength: 8,
  }),
  writingStyle: prose(1000),
  recommendedFor: prose(800),
  closing: prose(1000),
});

/** A summary to narrate, in any language, fiction or not. */
const NARRATION_INPUT: fc.Arbitrary<NarrationInput> = fc.record({
  title: prose(300),
  author: prose(200),
  language: LANGUAGE,
  content: fc.oneof(nonFiction, fiction),
});

describe('narration parts (properties)', () => {
  it('every part is within the limit and the parts keep every field, in order', () => {
    fc.assert(
      fc.property(
        NARRATION_INPUT,
        fc.integer({ min: 200, max: 3_000 }),
        fc.integer({ min: 100, max: 3_000 }),
        (input, maxChars, firstPartMaxChars) => {
          const parts = narrationParts(input, { maxChars, firstPartMaxChars });
          for (const part of parts) {
            const limit = part.index === 0 ? Math.min(maxChars, firstPartMaxChars) : maxChars;
            expect(part.text.length).toBeLessThanOrEqual(limit);
            expect(part.text.trim()).not.toBe('');
          }
          const whole = squash(parts.map((part) => part.text).join(' '));
          const script = squash(
            narrationSections(input)
              .map((section) => section.text)
              .join(' '),
          );
          expect(whole).toBe(`${script} ${NARRATION_PHRASES[input.language].end}`);
          expectInOrder(whole, spokenFields(input));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('no part is shorter than a few seconds unless the whole narration is', () => {
    const SECTION_KEY = fc.constantFrom<NarrationSection['key']>('book', 'oneLiner', 'synopsis', 'themes');
    fc.assert(
      fc.property(
        LANGUAGE,
        fc.array(fc.record({ key: SECTION_KEY, text: prose(3_000) }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 200, max: 3_000 }),
        fc.integer({ min: 100, max: 3_000 }),
        (language, sections, maxChars, firstPartMaxChars) => {
          const parts = splitNarration(sections, language, { maxChars, firstPartMaxChars });
          const firstLimit = Math.min(maxChars, firstPartMaxChars);
          const minChars = Math.min(NARRATION_MIN_PART_CHARS, Math.floor(firstLimit / 5));
          for (const part of parts) {
            expect(part.text.length).toBeLessThanOrEqual(part.index === 0 ? firstLimit : maxChars);
            if (parts.length > 1) expect(part.text.length).toBeGreaterThanOrEqual(minChars);
          }
          const whole = squash(parts.map((part) => part.text).join(' '));
          const script = squash(sections.map((section) => section.text).join(' '));
          expect(whole).toBe(`${script} ${NARRATION_PHRASES[language].end}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with the default limits, every part of a real-sized summary lasts at least five seconds', () => {
    fc.assert(
      fc.property(NARRATION_INPUT, (input) => {
        const parts = narrationParts(input);
        if (parts.length < 2) return;
        for (const part of parts) expect(part.estimatedDurationMs).toBeGreaterThanOrEqual(5_000);
      }),
      { numRuns: 150 },
    );
  });
});
