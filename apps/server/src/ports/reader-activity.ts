import type { Language } from '@summa/shared';

/** Something a reader did that the product rewards (XP, achievements, streaks). */
export type ReaderActivityEvent = {
  type: 'audio_generated';
  userId: string;
  summaryId: string;
  language: Language;
};

/**
 * Where features report what readers did, once per rule (the audio feature: once per user,
 * summary and language). Bound in app.ts; the Gamification feature turns events into XP. A
 * failure to record is logged by the caller and never fails the reader's request.
 */
export interface ReaderActivity {
  record(event: ReaderActivityEvent): Promise<void>;
}
