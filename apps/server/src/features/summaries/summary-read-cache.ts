import type { LRUCache } from 'lru-cache';
import type { FeedbackRequest } from '@summa/shared';
import { CACHE_SETTINGS, createMemoryCache, type MemoryCache } from '../../cache/memory-cache.js';

/**
 * How long a reader's own state of a summary is served from memory: the history records a
 * reading at most once in this time ("a reload within a minute writes nothing").
 */
export const READER_STATE_TTL_MS = CACHE_SETTINGS.readerState.ttlMs;

/**
 * A stored summary as GET /api/summaries/:id sends it, less the reader's own part: the JSON
 * object up to its last field, without the closing brace (the reader's part follows).
 */
export interface ReadySummary {
  id: string;
  bodyStart: string;
  /** The whole answer for a reader who has not rated it (most of them), built once. */
  bodyUnrated: string;
}

/** A reader's own state of a summary: their rating, and that their reading is recorded. */
export interface ReaderState {
  feedback: { vote: FeedbackRequest['vote']; comment: string | null } | null;
}

/**
 * What GET /api/summaries/:id needs, kept in this instance's memory: a stored summary never
 * changes (so it is kept serialized), and a reader's rating only appears once (then never changes). So a reader who
 * reopens a summary costs no database round trip; another instance's rating shows here once a
 * read after READER_STATE_TTL_MS has loaded the state again (that read itself answers with the
 * old one), and one given through this instance at once (`forgetReader`).
 */
export class SummaryReadCache {
  private readonly summaries: MemoryCache<ReadySummary>;
  private readonly readers: MemoryCache<ReaderState>;

  constructor(now: () => number = Date.now) {
    this.summaries = createMemoryCache('summaryBody', { now, staleAtLifetime: true });
    this.readers = createMemoryCache('readerState', { now, staleAtLifetime: true });
  }

  summary(id: string): ReadySummary | undefined {
    return this.summaries.get(id);
  }

  rememberSummary(summary: ReadySummary): void {
    this.summaries.set(summary.id, summary);
  }

  /** The reader's state while it is fresh (younger than READER_STATE_TTL_MS). */
  reader(userId: string, summaryId: string): ReaderState | undefined {
    // A stale one is kept, for `readerState`.
    return this.readers.get(`${userId}|${summaryId}`, { noDeleteOnStaleGet: true });
  }

  /**
   * The reader's state, fresh or not, undefined when this instance has none. A stale one stays
   * until `rememberReader` replaces it, so that the reads meanwhile are answered from it.
   */
  readerState(userId: string, summaryId: string): { state: ReaderState; stale: boolean } | undefined {
    const status: LRUCache.Status<string, ReaderState> = {};
    const state = this.readers.get(`${userId}|${summaryId}`, {
      allowStale: true,
      noDeleteOnStaleGet: true,
      status,
    });
    return state && { state, stale: status.get === 'stale' };
  }

  rememberReader(userId: string, summaryId: string, state: ReaderState): void {
    this.readers.set(`${userId}|${summaryId}`, state);
  }

  forgetReader(userId: string, summaryId: string): void {
    this.readers.delete(`${userId}|${summaryId}`);
  }

  /** A summary removed or rewritten by an admin: the next read goes to the database. */
  forgetSummary(id: string): void {
    this.summaries.delete(id);
  }
}
