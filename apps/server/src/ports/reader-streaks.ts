import type { Streak } from '@summa/shared';

/**
 * A reader's streak as it stands at a moment in a time zone (whether they read or generated a
 * summary that day): implemented by features/gamification (ProgressService), bound in
 * composition.ts, read by the daily reminders.
 */
export interface ReaderStreaks {
  streakAt(userId: string, timeZone: string, at: Date): Promise<Streak>;
}
