import { describe, expect, it } from 'vitest';
import { foldText, LANGUAGES, type Language } from '@summa/shared';
import { CACHE_SETTINGS, createMemoryCache } from '../../cache/memory-cache.js';
import { toSuggestion } from './book-editions.js';
import { catalogInputs } from './catalog-import.service.js';
import { CatalogIndex } from './catalog-index.js';
import type { BookRecord } from './catalog.repository.js';
import { searchSuggestions } from './catalog-search.service.js';
import { atomicHabitsRecord } from '../../test/book-records.js';

const atomicHabits: BookRecord = atomicHabitsRecord();

/** The catalogue as the search sees it: one index, which a re-import would replace. */
const serving = (index: CatalogIndex) => ({ current: () => Promise.resolve(index) });

describe('search answers', () => {
  it('works a catalogue answer out once per index, language and limit, then sends the same one', async () => {
    const catalog = serving(new CatalogIndex([atomicHabits]));
    const first = await searchSuggestions(catalog, { query: 'atomic', lang: 'en' });
    expect(first.books.map((book) => book.title)).toEqual(['Atomic Habits']);
    expect(first.body).toBe(JSON.stringify({ books: first.books }));
    // The same normal form is the same answer, body and all.
    expect(await searchSuggestions(catalog, { query: '  ATOMIC ', lang: 'en' })).toBe(first);

    const inPortuguese = await searchSuggestions(catalog, { query: 'atomic', lang: 'pt' });
    expect(inPortuguese).not.toBe(first);
    expect(inPortuguese.books[0]?.title).toBe('Hábitos Atômicos');
    expect(await searchSuggestions(catalog, { query: 'atomic', lang: 'en', limit: 1 })).not.toBe(first);
  });

  it('answers from the new index once the catalogue changed, never from the old one', async () => {
    const before = serving(new CatalogIndex([atomicHabits]));
    expect((await searchSuggestions(before, { query: 'atomic', lang: 'es' })).books[0]?.title).toBe(
      'Atomic Habits',
    );
    const after = serving(new CatalogIndex([{ ...atomicHabits, titleEs: 'Hábitos atómicos' }]));
    expect((await searchSuggestions(after, { query: 'atomic', lang: 'es' })).books[0]?.title).toBe(
      'Hábitos atómicos',
    );
  });

  it('keeps an index its answers for its whole life, up to a bounded number', () => {
    let now = 1_000;
    const answers = createMemoryCache<string>('searchAnswer', { now: () => now });
    answers.set('en|8|atomic', 'answer');
    now += 365 * 24 * 3_600_000;
    expect(answers.get('en|8|atomic')).toBe('answer');
    for (let i = 0; i <= CACHE_SETTINGS.searchAnswer.max; i += 1) answers.set(`en|8|q${i}`, 'answer');
    expect(answers.size).toBe(CACHE_SETTINGS.searchAnswer.max);
    expect(answers.get('en|8|atomic')).toBeUndefined();
  });
});

describe('the search box on the shipped catalogue', () => {
  // As stored before any cover is fetched.
  const inputs = catalogInputs().map((input) => ({ ...input, coverUrl: null }));
  const catalog = serving(new CatalogIndex(inputs));
  const titles = async (query: string, lang: Language) =>
    (await searchSuggestions(catalog, { query, lang })).books.map((book) => book.title);
  const shown = (englishTitle: string, lang: Language) => {
    const book = inputs.find((input) => input.titleEn === englishTitle);
    if (!book) throw new Error(`no book ${englishTitle}`);
    return toSuggestion(book, lang).title;
  };

  describe.each(LANGUAGES)('in a %s interface', (lang) => {
    it.each([
      ['Trabalho Profundo', 'Deep Work'],
      ['Trabajo profundo', 'Deep Work'],
      ['Pai rico pai pobre', 'Rich Dad Poor Dad'],
      ['Padre rico padre pobre', 'Rich Dad Poor Dad'],
      ['Hábitos atómicos', 'Atomic Habits'],
      ['El poder del ahora', 'The Power of Now'],
      ['Pense e enriqueça', 'Think and Grow Rich'],
      ['Piensa y hazte rico', 'Think and Grow Rich'],
      ['O Poder do Agora', 'The Power of Now'],
      ['A arte da guerra', 'The Art of War'],
      ['La sutil arte de no importar', 'The Subtle Art of Not Giving a F*ck'],
      ['Dad rich dad poor', 'Rich Dad Poor Dad'],
      ['Código Limpio', 'Clean Code'],
      ['Breve história do tempo', 'A Brief History of Time'],
      ['Os sete hábitos das pessoas muito eficazes', 'The 7 Habits of Highly Effective People'],
      ['pai rico pai pob', 'Rich Dad Poor Dad'],
    ])('finds %j as %s, under its title in the interface language', async (query, englishTitle) => {
      expect((await titles(query, lang))[0]).toBe(shown(englishTitle, lang));
    });

    it('finds every book by each of its edition titles, first unless another book has that title', async () => {
      for (const book of inputs) {
        for (const title of [book.titleEn, book.titlePt, book.titleEs]) {
          if (!title) continue;
          const found = (await searchSuggestions(catalog, { query: title, lang })).books.map((b) => b.id);
          const sameTitle = inputs.filter((other) =>
            [other.titleEn, other.titlePt, other.titleEs].some((t) => t && foldText(t) === foldText(title)),
          );
          if (sameTitle.length === 1) expect(found[0], title).toBe(book.id);
          else expect(found, title).toContain(book.id);
        }
      }
    });
  });

  it("puts the book whose title in the reader's language matches before one matched through another edition", async () => {
    // 'El poder' starts 'El poder del ahora' and 'El poder de los hábitos' (Spanish editions)
    // and nothing in English: a Spanish reader sees them at once, by trending.
    expect((await titles('el poder', 'es')).slice(0, 2)).toEqual([
      'El poder de los hábitos',
      'El poder del ahora',
    ]);
    // 'The power' starts English titles; a Portuguese reader is first shown those they see in
    // English (no Portuguese edition), then those under their Portuguese titles.
    const pt = await titles('the power', 'pt');
    expect(pt.slice(0, 2)).toEqual(['The Power of Full Engagement', 'The Power of When']);
    expect(pt).toContain('O Poder do Hábito');
    const en = await titles('the power', 'en');
    expect(en.slice(0, 3)).toEqual([
      'The Power of Habit',
      'The Power of Now',
      'The Power of Positive Thinking',
    ]);
  });

  it('keeps near-translations below literal matches', async () => {
    // 'trabalho' is in two Portuguese titles; 'Trabalhe 4 Horas por Semana' and 'Words That Work'
    // only translate to it.
    const found = await titles('trabalho', 'pt');
    expect(found.slice(0, 2)).toEqual(['Trabalho Focado', 'Mostre seu Trabalho!']);
    expect(found).toEqual(expect.arrayContaining(['Trabalhe 4 Horas por Semana', 'Words That Work']));
  });
});
