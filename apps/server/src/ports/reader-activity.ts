import type { Language } from '@summa/shared';

/**
 * Something a reader did that other features report to Gamification: a summary new to the
 * reader (it counts for the streak and the summary achievements), an audio the reader got (its
 * XP can then be claimed with `POST /api/xp`).
 */
export type ReaderActivityEvent =
  | { type: 'summary_generated'; userId: string; summaryId: string }
  | { type: 'audio_generated'; userId: string; summaryId: string; language: Language };

/**
 * Where features report what readers did, once per rule (the audio feature: once per user,
 * summary and language). Implemented by features/gamification (ProgressService), bound in
 * composition.ts. A failure to record is logged by the caller and never fails the reader's request.
 */
export interface ReaderActivity {
  record(event: ReaderActivityEvent): Promise<unknown>;
}
