import { describe, expect, it } from 'vitest';
import type { Language } from '@summa/shared';
import { EnvError, loadConfig } from '../../config/env.js';
import type { BookRecord } from './catalog.repository.js';
import { CatalogIndex, wordSimilarity, wordTrigrams } from './catalog-index.js';

const record = (id: string, overrides: Partial<BookRecord> = {}): BookRecord => ({
  id,
  slug: id,
  title: id,
  originalLanguage: 'en',
  titleEn: id,
  titlePt: null,
  titleEs: null,
  author: 'A',
  year: null,
  isbn13: null,
  category: 'habits',
  level: 'basic',
  badges: [],
  trendingScore: 0,
  coverUrl: null,
  ...overrides,
});

describe('the catalogue search index', () => {
  const index = new CatalogIndex([
    record('1', {
      title: 'Atomic Habits',
      titleEn: 'Atomic Habits',
      titlePt: 'Hábitos Atômicos',
      author: 'James Clear',
      trendingScore: 90,
    }),
    record('2', {
      title: 'The Power of Habit',
      titleEn: 'The Power of Habit',
      author: 'Charles Duhigg',
      trendingScore: 80,
    }),
    record('3', {
      title: 'Habit Stacking',
      titleEn: 'Habit Stacking',
      author: 'S. J. Scott',
      trendingScore: 10,
    }),
    record('4', { title: 'Habit', titleEn: 'Habit', author: 'Someone Else', trendingScore: 5 }),
    record('5', { title: '100% Focus', titleEn: '100% Focus', author: 'Test Author', trendingScore: 1 }),
    record('6', {
      title: 'Inhabited Worlds',
      titleEn: 'Inhabited Worlds',
      author: 'Nobody',
      trendingScore: 99,
    }),
  ]);
  const ids = (query: string, limit = 8, language: Language = 'en') =>
    index.search(query, limit, language).map((book) => book.id);

  it('ranks a whole title, then title starts, then word starts, then substrings', () => {
    // '4' is the whole title, '3' and '1' (its Portuguese title) start with it, '2' has a word
    // that starts with it, and '6' only contains it; within a tier, the title the reader is shown
    // first ('1' shows 'Atomic Habits' in English), then higher trending.
    expect(ids('habit')).toEqual(['4', '3', '1', '2', '6']);
    expect(ids('habit', 2)).toEqual(['4', '3']);
    // A Portuguese reader is shown 'Hábitos Atômicos': by trending, '1' before '3'.
    expect(ids('habit', 8, 'pt')).toEqual(['4', '1', '3', '2', '6']);
    expect(ids('habit', 2, 'pt')).toEqual(['4', '1']);
  });

  it('matches any edition title and the author', () => {
    expect(ids('habitos atomicos')).toEqual(['1']);
    expect(ids('james')).toEqual(['1']);
    expect(ids('duhigg')).toEqual(['2']);
  });

  it('matches only word starts below 3 characters', () => {
    expect(ids('ha')).toEqual(['3', '4', '1', '2']);
    expect(ids('ha', 8, 'pt')).toEqual(['1', '3', '4', '2']);
    expect(ids('ab')).toEqual([]);
  });

  it('tolerates typos only when nothing matches exactly', () => {
    expect(ids('atomc habits')).toEqual(['1']);
    expect(ids('xqzv')).toEqual([]);
  });

  it('treats % and _ as characters', () => {
    expect(ids('100%')).toEqual(['5']);
    expect(ids('1_0')).toEqual([]);
    expect(ids('%%')).toEqual([]);
  });

  it('computes word similarity like pg_trgm', () => {
    expect(wordTrigrams('word')).toEqual(['  w', ' wo', 'wor', 'ord', 'rd ']);
    // pg_trgm documents word_similarity('word', 'two words') = 0.8.
    expect(wordSimilarity('word', 'two words')).toBeCloseTo(0.8);
    expect(wordSimilarity('word', 'nothing alike')).toBe(0);
    expect(wordSimilarity('word', 'word')).toBe(1);
  });
});

describe('catalogue settings', () => {
  const base = { DATA_DIR: '/tmp/x' };

  it('leaves Open Library off and checks the catalogue for changes every 30 s by default', () => {
    const config = loadConfig(base);
    expect(config.openLibrary).toBeUndefined();
    expect(config.catalogRefreshSeconds).toBe(30);
  });

  it('turns Open Library on with a 1.5 s timeout', () => {
    const config = loadConfig({
      ...base,
      OPEN_LIBRARY_SEARCH: 'on',
      OPEN_LIBRARY_URL: 'http://127.0.0.1:9/',
    });
    expect(config.openLibrary).toEqual({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1_500 });
  });

  it.each([
    { OPEN_LIBRARY_SEARCH: 'yes' },
    { OPEN_LIBRARY_URL: 'ftp://example.com' },
    { CATALOG_REFRESH_SECONDS: '-1' },
    { CATALOG_REFRESH_SECONDS: 'soon' },
  ])('rejects %j', (env) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(EnvError);
  });
});
