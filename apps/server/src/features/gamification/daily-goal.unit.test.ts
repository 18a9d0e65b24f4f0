import { describe, expect, it } from 'vitest';
import { afterReview, countsOn, goalProgress } from './daily-goal.js';

describe('the daily goal', () => {
  it("counts only today's counters", () => {
    const stored = { day: '2026-11-25', summaries: 2, listenedSeconds: 90, cards: 4 };
    expect(countsOn(stored, '2026-11-25')).toEqual({ summaries: 2, listenedSeconds: 90, cards: 4 });
    expect(countsOn(stored, '2026-11-26')).toEqual({ summaries: 0, listenedSeconds: 0, cards: 0 });
  });

  it('is met by one summary by default, 20 cards, or 600 seconds of listening shown in minutes', () => {
    const none = { summaries: 0, listenedSeconds: 0, cards: 0 };
    expect(goalProgress('summary', { ...none, summaries: 1 })).toEqual({
      goal: 'summary',
      done: 1,
      target: 1,
      met: true,
    });
    expect(goalProgress('cards', { ...none, cards: 19, summaries: 3 }).met).toBe(false);
    expect(goalProgress('cards', { ...none, cards: 20 }).met).toBe(true);
    expect(goalProgress('listening', { ...none, listenedSeconds: 599 })).toEqual({
      goal: 'listening',
      done: 9,
      target: 10,
      met: false,
    });
    expect(goalProgress('listening', { ...none, listenedSeconds: 600 }).met).toBe(true);
  });
});

describe('the review streak', () => {
  it('moves once a day, goes on the next day and starts again after a gap', () => {
    const first = afterReview({ current: 0, longest: 0, lastDay: null }, '2026-11-25');
    expect(first).toEqual({ current: 1, longest: 1, lastDay: '2026-11-25' });
    expect(afterReview(first, '2026-11-25')).toBe(first);
    const second = afterReview(first, '2026-11-26');
    expect(second).toEqual({ current: 2, longest: 2, lastDay: '2026-11-26' });
    expect(afterReview(second, '2026-11-28')).toEqual({ current: 1, longest: 2, lastDay: '2026-11-28' });
  });
});
