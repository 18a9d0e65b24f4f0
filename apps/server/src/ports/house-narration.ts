import type { Audio, Language } from '@summa/shared';

/**
 * A narration the house pays for (the demo's): implemented by features/audio (AudioService),
 * bound in composition.ts, used by the summaries feature's demo. No reader's plan or fair use
 * counts it, so only a summary the server chose (never one a visitor names) may be passed.
 */
export interface HouseNarration {
  /**
   * The summary's stored narration in its language, with signed URLs; null while there is none,
   * in which case it is being made, once for everyone, through the audio feature's speech path
   * (a failed attempt is tried again a minute later at the earliest).
   */
  narrationOf(summaryId: string, language: Language): Promise<Audio | null>;
}
