import { describe, expect, it } from 'vitest';
import { EnvError, loadConfig } from '../../config/env.js';
import type { BookRecord } from './catalog.repository.js';
import { SearchCache } from './catalog.service.js';

const record = (id: string): BookRecord => ({
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
});

describe('the search answer cache', () => {
  it('keeps answers for its time to live', () => {
    let now = 0;
    const cache = new SearchCache(1_000, 10, () => now);
    cache.set('a', [record('1')]);
    now = 999;
    expect(cache.get('a')?.map((book) => book.id)).toEqual(['1']);
    now = 1_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used beyond its size', () => {
    const cache = new SearchCache(60_000, 2);
    cache.set('a', []);
    cache.set('b', []);
    cache.get('a');
    cache.set('c', []);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual([]);
    expect(cache.get('c')).toEqual([]);
  });

  it('can be cleared, and turned off with a zero time to live', () => {
    const cache = new SearchCache(60_000);
    cache.set('a', []);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    const off = new SearchCache(0);
    off.set('a', []);
    expect(off.get('a')).toBeUndefined();
  });
});

describe('catalogue settings', () => {
  const base = { DATA_DIR: '/tmp/x' };

  it('leaves Open Library off and caches answers for 60 s by default', () => {
    const config = loadConfig(base);
    expect(config.openLibrary).toBeUndefined();
    expect(config.searchCacheSeconds).toBe(60);
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
    { CATALOG_SEARCH_CACHE_SECONDS: '-1' },
    { CATALOG_SEARCH_CACHE_SECONDS: 'soon' },
  ])('rejects %j', (env) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(EnvError);
  });
});
