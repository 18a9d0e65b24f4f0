import { TZDate } from '@date-fns/tz';
import { REMINDER_DAYS, type ReminderDay } from '@summa/shared';

/**
 * How late a reminder may still go out: a tick that finds its time passed longer ago than this
 * (the workers were down, the queue was behind) skips that day's reminder rather than send it
 * late, so a reminder never reaches a reader long after the time they chose (late at night).
 */
export const REMINDER_WINDOW_MINUTES = 15;
const WINDOW_MS = REMINDER_WINDOW_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** A reader's reminder as stored: minutes after local midnight, weekdays as bits (Monday bit 0). */
export interface ReminderPlan {
  minute: number;
  days: number;
  timeZone: string;
}

/** A reminder due now: the local day it belongs to and the instant it was due. */
export interface DueReminder {
  localDate: string;
  dueAt: Date;
}

export const minuteOf = (time: string): number => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

export const timeOf = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export const daysMask = (days: readonly ReminderDay[]): number =>
  days.reduce((mask, day) => mask | (1 << REMINDER_DAYS.indexOf(day)), 0);

export const daysOf = (mask: number): ReminderDay[] =>
  REMINDER_DAYS.filter((_day, index) => (mask & (1 << index)) !== 0);

// One formatter per time zone (en-CA writes YYYY-MM-DD).
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) `at` falls on in `timeZone`. */
export function localDateOf(at: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dateFormats.size < 1_000) dateFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** Monday 0 … Sunday 6, of a calendar day. */
function weekdayOf(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instant of `minute` on `date` in `timeZone`. A time the clocks skip (02:30 on a spring-forward
 * night in New York) is moved forward by the gap, to 03:30 (as TZDate and Temporal's 'compatible'
 * do); a time that happens twice (01:30 on a fall-back night) is its first occurrence.
 */
export function reminderInstant(date: string, minute: number, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, day, Math.floor(minute / 60), minute % 60, timeZone).getTime());
}

/**
 * The reminder due at `now`: the one of today, or of yesterday for a late-evening time whose
 * window runs past midnight, when it is on one of the chosen days and its time passed less than
 * REMINDER_WINDOW_MINUTES ago. Undefined otherwise (not yet, or missed and skipped).
 */
export function dueReminder(plan: ReminderPlan, now: Date): DueReminder | undefined {
  const today = localDateOf(now, plan.timeZone);
  for (const localDate of [today, dayBefore(today)]) {
    if ((plan.days & (1 << weekdayOf(localDate))) === 0) continue;
    const dueAt = reminderInstant(localDate, plan.minute, plan.timeZone);
    const late = now.getTime() - dueAt.getTime();
    if (late >= 0 && late < WINDOW_MS) return { localDate, dueAt };
  }
  return undefined;
}
