import type { Usage } from '@summa/shared';

/** The spec's local usage counter: display only, the server decides. One key per user. */
export interface UsageMirror {
  monthKey: string;
  summariesUsed: number;
  audiosUsed: number;
}

const storageKey = (userId: string) => `summa.usage.${userId}`;

export function currentMonthKey(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** The stored counter for this month; a counter from an earlier month reads as zero. */
export function readUsageMirror(userId: string, now = new Date()): UsageMirror {
  const monthKey = currentMonthKey(now);
  const empty = { monthKey, summariesUsed: 0, audiosUsed: 0 };
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null');
    if (
      typeof stored === 'object' &&
      stored !== null &&
      'monthKey' in stored &&
      stored.monthKey === monthKey &&
      'summariesUsed' in stored &&
      typeof stored.summariesUsed === 'number' &&
      'audiosUsed' in stored &&
      typeof stored.audiosUsed === 'number'
    ) {
      return { monthKey, summariesUsed: stored.summariesUsed, audiosUsed: stored.audiosUsed };
    }
  } catch {
    // Unreadable: start from zero, the server's answer replaces it.
  }
  return empty;
}

export function writeUsageMirror(
  userId: string,
  usage: Pick<Usage, 'monthKey' | 'summariesUsed' | 'audiosUsed'>,
) {
  const mirror: UsageMirror = {
    monthKey: usage.monthKey,
    summariesUsed: usage.summariesUsed,
    audiosUsed: usage.audiosUsed,
  };
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(mirror));
  } catch {
    // Storage full or blocked: the mirror is only a display aid.
  }
}
