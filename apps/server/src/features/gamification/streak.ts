import { STREAK_FREEZE_EVERY_DAYS, STREAK_FREEZES_MAX } from '@summa/shared';

/**
 * A reader's streak as stored: days are calendar days (YYYY-MM-DD) in the reader's time zone.
 * Nothing runs at midnight: what a missed day does is worked out whenever the streak is read.
 */
export interface StreakState {
  current: number;
  longest: number;
  /** The last day with a read or a generation, null before the first. */
  lastDay: string | null;
  freezes: number;
}

export interface StreakView {
  current: number;
  longest: number;
  freezes: number;
  /** Whether today already counts. */
  today: boolean;
}

const DAY_MS = 86_400_000;

// One formatter per time zone (a few hundred at most): making one costs more than using it.
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

function dayFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    try {
      // en-CA formats dates as YYYY-MM-DD.
      format = new Intl.DateTimeFormat('en-CA', { timeZone });
    } catch {
      format = null;
    }
    if (dayFormats.size < 1_000) dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day `at` falls on in `timeZone` (UTC when null or unknown). */
export function dayIn(timeZone: string | null, at: Date): string {
  return dayFormat(timeZone ?? 'UTC')?.format(at) ?? at.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The streak as it stands on `today` without a new activity: each missed day since the last
 * active one spends a freeze; a missed day without a freeze ends the streak (and the freezes
 * spent on the days before it are gone too). A last day after `today` (the reader moved to a
 * time zone behind) counts as today.
 */
export function streakOn(state: StreakState, today: string): StreakView {
  if (state.lastDay === null)
    return { current: 0, longest: state.longest, freezes: state.freezes, today: false };
  const gap = daysBetween(state.lastDay, today);
  if (gap <= 0)
    return { current: state.current, longest: state.longest, freezes: state.freezes, today: true };
  const missed = gap - 1;
  if (missed <= state.freezes) {
    return { current: state.current, longest: state.longest, freezes: state.freezes - missed, today: false };
  }
  return { current: 0, longest: state.longest, freezes: 0, today: false };
}

/**
 * The streak after a read or a generation on `today`: the first of the day adds one day (a
 * freeze is earned on every STREAK_FREEZE_EVERY_DAYS-th day, up to STREAK_FREEZES_MAX held).
 */
export function afterActivity(state: StreakState, today: string): StreakState {
  const seen = streakOn(state, today);
  if (seen.today) return state;
  const current = seen.current + 1;
  const earned = current % STREAK_FREEZE_EVERY_DAYS === 0 ? 1 : 0;
  return {
    current,
    longest: Math.max(state.longest, current),
    lastDay: today,
    freezes: Math.min(STREAK_FREEZES_MAX, seen.freezes + earned),
  };
}
