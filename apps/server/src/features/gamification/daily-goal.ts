import { DAILY_GOAL_TARGETS, type DailyGoal, type GoalProgress } from '@summa/shared';
import { daysBetween } from './streak.js';

/** What a reader did on one day (their time zone), the measures of the daily goals. */
export interface DayCounts {
  summaries: number;
  listenedSeconds: number;
  cards: number;
}

/** The day counters as stored on the progress row: those of an earlier day count 0 today. */
export function countsOn(
  stored: { day: string | null; summaries: number; listenedSeconds: number; cards: number },
  today: string,
): DayCounts {
  if (stored.day !== today) return { summaries: 0, listenedSeconds: 0, cards: 0 };
  return { summaries: stored.summaries, listenedSeconds: stored.listenedSeconds, cards: stored.cards };
}

const measure: Record<DailyGoal, (counts: DayCounts) => number> = {
  summary: (counts) => counts.summaries,
  listening: (counts) => counts.listenedSeconds,
  cards: (counts) => counts.cards,
};

/**
 * How far the day is toward the goal. Listening is measured in seconds and shown in whole
 * minutes (`done` and `target` in minutes), met only once its seconds reach the target's.
 */
export function goalProgress(goal: DailyGoal, counts: DayCounts): GoalProgress {
  const done = measure[goal](counts);
  const target = DAILY_GOAL_TARGETS[goal];
  const met = done >= target;
  if (goal === 'listening') {
    return { goal, done: Math.floor(done / 60), target: Math.ceil(target / 60), met };
  }
  return { goal, done, target, met };
}

/** A streak of days in a row with a card graded; no freezes. */
export interface ReviewStreak {
  current: number;
  longest: number;
  lastDay: string | null;
}

/** The review streak after a card graded on `today` (the first of the day moves it). */
export function afterReview(state: ReviewStreak, today: string): ReviewStreak {
  if (state.lastDay !== null && daysBetween(state.lastDay, today) <= 0) return state;
  const current = state.lastDay !== null && daysBetween(state.lastDay, today) === 1 ? state.current + 1 : 1;
  return { current, longest: Math.max(state.longest, current), lastDay: today };
}
