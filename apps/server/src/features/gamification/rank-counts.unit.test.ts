import { describe, expect, it } from 'vitest';
import { leavingChanges } from './rank-counts.js';

describe('leavingChanges', () => {
  const standing = { language: 'es' as const, weekStart: '2026-11-23', xp: 120, weekXp: 30 };

  it('takes the reader out of the global, language and weekly counts', () => {
    expect(leavingChanges(standing, '2026-11-16')).toEqual([
      { scope: 'global', xp: 120, delta: -1 },
      { scope: 'language:es', xp: 120, delta: -1 },
      { scope: 'week:2026-11-23', xp: 30, delta: -1 },
    ]);
  });

  it('takes nothing from boards that never counted the reader, or from pruned weeks', () => {
    expect(leavingChanges({ ...standing, xp: 0, weekXp: 0 }, '2026-11-16')).toEqual([]);
    expect(leavingChanges(standing, '2026-11-30')).toEqual([
      { scope: 'global', xp: 120, delta: -1 },
      { scope: 'language:es', xp: 120, delta: -1 },
    ]);
  });
});
