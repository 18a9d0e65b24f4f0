import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVEL_TIERS, levelProgress, tierOf } from './levels.js';

const TOP = LEVEL_TIERS[LEVEL_TIERS.length - 1]!;

describe('level tiers', () => {
  it('has the spec thresholds: Beginner 0, Learner 100, Thinker 500, Master 1500, Enlightened 5000', () => {
    expect(LEVEL_TIERS.map((tier) => [tier.key, tier.minXp])).toEqual([
      ['beginner', 0],
      ['learner', 100],
      ['thinker', 500],
      ['master', 1500],
      ['enlightened', 5000],
    ]);
  });

  it.each([
    [0, 'beginner', 0, 100],
    [99, 'beginner', 99, 100],
    [100, 'learner', 0, 500],
    [300, 'learner', 50, 500],
    [499, 'learner', 99.75, 500],
    [500, 'thinker', 0, 1500],
    [1499, 'thinker', 99.9, 1500],
    [4999, 'master', 99.9714, 5000],
  ])('at %i XP: %s, %d%%, next at %i', (xp, key, progress, next) => {
    const point = levelProgress(xp);
    expect(point.tier.key).toBe(key);
    expect(point.progress).toBeCloseTo(progress, 3);
    expect(point.nextThreshold).toBe(next);
  });

  it('is at 100% at the top tier, whose next threshold is the current XP', () => {
    expect(levelProgress(5000)).toEqual({ tier: TOP, progress: 100, nextThreshold: 5000 });
    expect(levelProgress(123_456)).toEqual({ tier: TOP, progress: 100, nextThreshold: 123_456 });
  });

  it('refuses negative and fractional XP', () => {
    expect(() => tierOf(-1)).toThrow(RangeError);
    expect(() => levelProgress(1.5)).toThrow(RangeError);
  });

  it('never lowers the level as XP grows, and keeps progress within 0-100, rising inside a tier', () => {
    fc.assert(
      fc.property(fc.nat({ max: 20_000 }), fc.nat({ max: 2_000 }), (xp, more) => {
        const before = levelProgress(xp);
        const after = levelProgress(xp + more);
        expect(after.tier.level).toBeGreaterThanOrEqual(before.tier.level);
        for (const point of [before, after]) {
          expect(point.progress).toBeGreaterThanOrEqual(0);
          expect(point.progress).toBeLessThanOrEqual(100);
        }
        if (after.tier === before.tier) expect(after.progress).toBeGreaterThanOrEqual(before.progress);
        expect(before.nextThreshold).toBeGreaterThanOrEqual(xp);
      }),
    );
  });
});
