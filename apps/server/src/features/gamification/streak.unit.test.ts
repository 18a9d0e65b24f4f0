import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STREAK_FREEZES_MAX } from '@summa/shared';
import { afterActivity, dayIn, daysBetween, streakOn, type StreakState } from './streak.js';

const empty: StreakState = { current: 0, longest: 0, lastDay: null, freezes: 0 };

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Activity on each of the given day offsets from 2026-01-01, in order. */
function activeOn(offsets: number[], start: StreakState = empty): StreakState {
  return offsets.reduce((state, offset) => afterActivity(state, addDays('2026-01-01', offset)), start);
}

describe('streak days', () => {
  it('counts the calendar day in the reader’s time zone', () => {
    const at = new Date('2026-03-10T02:30:00Z');
    expect(dayIn('America/Sao_Paulo', at)).toBe('2026-03-09');
    expect(dayIn('Asia/Tokyo', at)).toBe('2026-03-10');
    expect(dayIn(null, at)).toBe('2026-03-10');
    expect(dayIn('Not/AZone', at)).toBe('2026-03-10');
  });

  it('measures whole days across month and year ends', () => {
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(0);
  });
});

describe('streaks', () => {
  it('grows by one per active day and not twice in a day', () => {
    const state = activeOn([0, 0, 1, 2, 2]);
    expect(state).toMatchObject({ current: 3, longest: 3, lastDay: '2026-01-03' });
    expect(streakOn(state, '2026-01-03')).toMatchObject({ current: 3, today: true });
    expect(streakOn(state, '2026-01-04')).toMatchObject({ current: 3, today: false });
  });

  it('resets after a missed day without a freeze, keeping the longest', () => {
    const state = activeOn([0, 1, 2]);
    expect(streakOn(state, '2026-01-05')).toMatchObject({ current: 0, longest: 3 });
    expect(afterActivity(state, '2026-01-05')).toMatchObject({ current: 1, longest: 3 });
  });

  it('earns a freeze every 7 days, holds at most 2, and spends one per missed day', () => {
    const twoWeeks = activeOn(Array.from({ length: 14 }, (_, day) => day));
    expect(twoWeeks).toMatchObject({ current: 14, freezes: 2 });
    const threeWeeks = activeOn(
      Array.from({ length: 7 }, (_, day) => day + 14),
      twoWeeks,
    );
    expect(threeWeeks).toMatchObject({ current: 21, freezes: STREAK_FREEZES_MAX });
    // Day 21 and 22 missed: both covered; day 23 active continues the streak.
    expect(streakOn(threeWeeks, addDays('2026-01-01', 23))).toMatchObject({ current: 21, freezes: 0 });
    expect(afterActivity(threeWeeks, addDays('2026-01-01', 23))).toMatchObject({ current: 22, freezes: 0 });
    // Three missed days with two freezes: the streak ends.
    expect(streakOn(threeWeeks, addDays('2026-01-01', 24))).toMatchObject({ current: 0, freezes: 0 });
  });

  it('treats a last day ahead of today (a time zone behind) as today', () => {
    const state = activeOn([5]);
    expect(streakOn(state, '2026-01-05')).toMatchObject({ current: 1, today: true });
    expect(afterActivity(state, '2026-01-05')).toBe(state);
  });

  it('keeps its invariants for any pattern of active days', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 80 }), (gaps) => {
        let day = 0;
        let state = empty;
        for (const gap of gaps) {
          day += gap;
          state = afterActivity(state, addDays('2026-01-01', day));
          expect(state.current).toBeGreaterThanOrEqual(1);
          expect(state.longest).toBeGreaterThanOrEqual(state.current);
          expect(state.freezes).toBeGreaterThanOrEqual(0);
          expect(state.freezes).toBeLessThanOrEqual(STREAK_FREEZES_MAX);
        }
        // With no missed days at all the streak is the number of distinct days.
        const distinct = new Set(
          gaps.reduce<number[]>((days, gap) => [...days, (days.at(-1) ?? 0) + gap], []),
        );
        if (gaps.length > 0 && gaps.slice(1).every((gap) => gap <= 1))
          expect(state.current).toBe(distinct.size);
      }),
    );
  });
});
