import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore } from './memory-rate-limit-store.js';
import { emissionIntervalMs } from './rate-limit-store.js';

function fakeClock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('the in-memory token bucket (GCRA)', () => {
  const allowance = { limit: 10, windowSeconds: 60 };

  it('allows a burst of the limit, then one per interval, with an exact Retry-After', async () => {
    const clock = fakeClock();
    const store = createMemoryRateLimitStore({ now: clock.now });
    for (let hit = 0; hit < 10; hit++) expect((await store.hit('k', allowance)).allowed).toBe(true);
    expect(await store.hit('k', allowance)).toEqual({ allowed: false, retryAfterSeconds: 6 });
    clock.advance(5_999);
    expect((await store.hit('k', allowance)).allowed).toBe(false);
    clock.advance(1);
    expect((await store.hit('k', allowance)).allowed).toBe(true);
    expect((await store.hit('k', allowance)).allowed).toBe(false);
    expect((await store.hit('other', allowance)).allowed).toBe(true);
  });

  it('never lets more than limit + elapsed / interval through, whatever the timing', async () => {
    // One store (its cache is allocated up front), a fresh key per run.
    const clock = fakeClock();
    const store = createMemoryRateLimitStore({ now: clock.now });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 120 }),
        fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1, maxLength: 200 }),
        async (limit, windowSeconds, gaps) => {
          const key = `run-${run++}`;
          const rule = { limit, windowSeconds };
          let allowed = 0;
          let elapsed = 0;
          for (const gap of gaps) {
            clock.advance(gap);
            elapsed += gap;
            if ((await store.hit(key, rule)).allowed) allowed++;
          }
          expect(allowed).toBeLessThanOrEqual(limit + Math.floor(elapsed / emissionIntervalMs(rule)) + 1);
        },
      ),
      { numRuns: 200 },
    );
  });
});
