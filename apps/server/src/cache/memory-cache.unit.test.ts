import { describe, expect, it } from 'vitest';
import { CACHE_SETTINGS, cacheTallies, createMemoryCache, createMemoryLoader } from './memory-cache.js';

describe('createMemoryCache', () => {
  it('forgets an entry once it is older than its lifetime on the given clock', () => {
    let now = 1_000;
    const cache = createMemoryCache<string>('liveSession', { now: () => now });
    cache.set('a', 'x');
    now += CACHE_SETTINGS.liveSession.ttlMs;
    expect(cache.get('a')).toBe('x');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most its configured number of entries, dropping the least recently used', () => {
    const cache = createMemoryCache<number>('summaryBody');
    const max = CACHE_SETTINGS.summaryBody.max;
    for (let i = 0; i < max; i += 1) cache.set(String(i), i);
    cache.get('0');
    cache.set('new', -1);
    expect(cache.size).toBe(max);
    expect(cache.get('0')).toBe(0);
    expect(cache.get('1')).toBeUndefined();
    expect(cache.get('new')).toBe(-1);
  });
});

describe('createMemoryCache with staleAtLifetime', () => {
  it('forgets an entry once its age reaches its lifetime, on a clock that starts at 0', () => {
    let now = 0;
    const cache = createMemoryCache<string>('readerState', { now: () => now, staleAtLifetime: true });
    cache.set('a', 'x');
    now = CACHE_SETTINGS.readerState.ttlMs - 1;
    expect(cache.get('a')).toBe('x');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('createMemoryLoader', () => {
  /** A loader whose first load waits for `release`; each load answers its number. */
  function heldOnFirstLoad() {
    const held: { loads: number; release: () => void } = { loads: 0, release: () => undefined };
    const loader = createMemoryLoader('rankingStanding', async () => {
      held.loads += 1;
      const load = held.loads;
      if (load === 1) await new Promise<void>((resolve) => (held.release = resolve));
      return { load };
    });
    return { loader, held };
  }

  it('loads again, rather than failing, a key forgotten while it was loading', async () => {
    const { loader, held } = heldOnFirstLoad();
    const first = loader.fetch('reader');
    // The reader's XP changed meanwhile: what was loading is out of date.
    loader.delete('reader');
    held.release();
    expect(await first).toEqual({ load: 2 });
    expect(held.loads).toBe(2);
  });

  it('loads again for every caller waiting on a load that was forgotten, not only its first', async () => {
    const { loader, held } = heldOnFirstLoad();
    // Two rankings of one reader at once: the second waits on the first one's load.
    const first = loader.fetch('reader');
    const second = loader.fetch('reader');
    loader.delete('reader');
    held.release();
    const answers = await Promise.all([first, second]);
    expect(answers.every((answer) => answer !== undefined && answer.load > 1)).toBe(true);
  });

  it('fails every caller of a load that failed', async () => {
    const loader = createMemoryLoader('rankingStanding', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      throw new Error('database unavailable');
    });
    const results = await Promise.allSettled([loader.fetch('reader'), loader.fetch('reader')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });

  it('answers a key forgotten again while it was loading anew, and keeps nothing from either load', async () => {
    let loads = 0;
    const releases: (() => void)[] = [];
    const loader = createMemoryLoader('rankingStanding', async () => {
      loads += 1;
      const load = loads;
      if (load <= 2) await new Promise<void>((resolve) => releases.push(resolve));
      return { load };
    });
    const first = loader.fetch('reader');
    loader.delete('reader');
    releases[0]?.();
    await expect.poll(() => releases.length).toBe(2);
    // A second award of the same reader while the first reload runs.
    loader.delete('reader');
    releases[1]?.();
    expect(await first).toEqual({ load: 2 });
    // The next read loads after the latest change.
    expect(await loader.fetch('reader')).toEqual({ load: 3 });
  });

  it('counts answers from memory as hits and loads as misses', async () => {
    const before = cacheTallies().get('testimonials') ?? { hits: 0, misses: 0 };
    const loader = createMemoryLoader('testimonials', async () => ({ loaded: true }));
    await loader.fetch('pt');
    await loader.fetch('pt');
    expect(cacheTallies().get('testimonials')).toEqual({ hits: before.hits + 1, misses: before.misses + 1 });
  });
});
