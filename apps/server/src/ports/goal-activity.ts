import type { AddXpResult, ReaderProgress } from '@summa/shared';
import type { Transaction } from '../db/database.js';

/**
 * What counts toward a reader's daily goal besides summaries (issue 27): a review card graded
 * (features/reviews) and narration listened to (features/audio). Implemented by
 * features/gamification (ProgressService), bound in composition.ts. Each call runs the caller's
 * own step in the award's one transaction, with the reader's progress row locked: a reader's
 * reviews and reports apply one after the other.
 */
export interface GoalActivity {
  /**
   * A card graded: `save` stores its new schedule; the review earns its XP once per card and
   * day, moves the review streak, counts toward the day's cards and may unlock achievements.
   */
  reviewed(userId: string, cardId: string, save: (tx: Transaction) => Promise<void>): Promise<AddXpResult>;
  /**
   * Listening reported: `count` answers the seconds it accepts on the reader's day `today`
   * (YYYY-MM-DD in their time zone), which count toward the day's listening.
   */
  listened(
    userId: string,
    count: (tx: Transaction, today: string) => Promise<number>,
  ): Promise<{ counted: number; progress: ReaderProgress }>;
}
