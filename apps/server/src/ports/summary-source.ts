import type { Category, Language, SummaryContent } from '@summa/shared';

/** A stored summary as other features need it: what it is about and its sections. */
export interface StoredSummary {
  id: string;
  title: string;
  author: string;
  language: Language;
  content: SummaryContent;
  coverUrl: string | null;
  category: Category | null;
}

/** What a summary is about (Gamification counts languages and categories read). */
export interface SummaryTopic {
  id: string;
  language: Language;
  category: Category | null;
}

/**
 * Stored summaries, read-only: implemented by features/summaries (SummariesService), bound in
 * composition.ts, used by the audio feature to narrate a summary and by Gamification to check an event.
 */
export interface SummarySource {
  /** The stored summary, or undefined when there is none with this id. */
  byId(summaryId: string): Promise<StoredSummary | undefined>;
  /** The summary's language and category, without its content; undefined when there is none. */
  topicOf(summaryId: string): Promise<SummaryTopic | undefined>;
  /**
   * Whether the summary is in the reader's own history (they generated it, or opened it, a shared
   * link included): XP and achievements are earned only for those.
   */
  inHistory(userId: string, summaryId: string): Promise<boolean>;
  /** The summary's topic when it is in the reader's own history (both in one look-up); else undefined. */
  topicInHistory(userId: string, summaryId: string): Promise<SummaryTopic | undefined>;
  /** Whether the reader has rated the summary. */
  feedbackGiven(userId: string, summaryId: string): Promise<boolean>;
}
