import { describe, expect, it } from 'vitest';
import { CACHE_SETTINGS, createMemoryCache } from '../../cache/memory-cache.js';
import { CatalogIndex } from './catalog-index.js';
import type { BookRecord } from './catalog.repository.js';
import { searchSuggestions } from './catalog-search.service.js';

const atomicHabits: BookRecord = {
  id: 'atomic',
  slug: 'atomic-habits',
  title: 'Atomic Habits',
  originalLanguage: 'en',
  titleEn: 'Atomic Habits',
  titlePt: 'Hábitos Atômicos',
  titleEs: null,
  author: 'James Clear',
  year: 2018,
  isbn13: null,
  category: 'habits',
  level: 'basic',
  badges: [],
  trendingScore: 90,
  coverUrl: null,
};

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
