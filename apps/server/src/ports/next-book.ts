import type { Language } from '@summa/shared';

/** A book to suggest a reader reads next, titled in their language. */
export interface SuggestedBook {
  title: string;
  author: string;
  /** The summary in the reader's language, when there is one (the reminder links to it). */
  summaryId: string | null;
}

/**
 * What a reader might read next: the first book on their reading list, else a trending catalogue
 * book whose summary is not in their history. Bound in composition.ts to the reading list, the
 * catalogue and the summaries' history; read by the daily reminders.
 */
export interface NextBook {
  suggest(userId: string, language: Language): Promise<SuggestedBook | undefined>;
}
