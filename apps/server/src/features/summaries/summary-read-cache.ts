import type { FeedbackRequest } from '@summa/shared';

/** How long a summary, as stored, is served from memory (a re-imported cover shows after it). */
const SUMMARY_TTL_MS = 10 * 60_000;
/**
 * How long a reader's own state of a summary is served from memory: the history records a
 * reading at most once in this time ("a reload within a minute writes nothing").
 */
export const READER_STATE_TTL_MS = 60_000;
const MAX_ENTRIES = 5_000;

interface Entry<T> {
  value: T;
  storedAt: number;
}

/** A map that forgets its oldest entries beyond `MAX_ENTRIES` and entries older than `ttlMs`. */
class ExpiringMap<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt < this.ttlMs) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: this.now() });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

/**
 * A stored summary as GET /api/summaries/:id sends it, less the reader's own part: the JSON
 * object up to its last field, without the closing brace (the reader's part follows).
 */
export interface ReadySummary {
  id: string;
  bodyStart: string;
}

/** A reader's own state of a summary: their rating, and that their reading is recorded. */
export interface ReaderState {
  feedback: { vote: FeedbackRequest['vote']; comment: string | null } | null;
}

/**
 * What GET /api/summaries/:id needs, kept in this instance's memory: a stored summary never
 * changes (so it is kept serialized), and a reader's rating only appears once (then never changes). So a reader who
 * reopens a summary costs no database round trip; another instance's rating shows here within
 * READER_STATE_TTL_MS, and one given through this instance at once (`forgetReader`).
 */
export class SummaryReadCache {
  private readonly summaries: ExpiringMap<ReadySummary>;
  private readonly readers: ExpiringMap<ReaderState>;

  constructor(now: () => number = Date.now) {
    this.summaries = new ExpiringMap(SUMMARY_TTL_MS, now);
    this.readers = new ExpiringMap(READER_STATE_TTL_MS, now);
  }

  summary(id: string): ReadySummary | undefined {
    return this.summaries.get(id);
  }

  rememberSummary(summary: ReadySummary): void {
    this.summaries.set(summary.id, summary);
  }

  reader(userId: string, summaryId: string): ReaderState | undefined {
    return this.readers.get(`${userId}|${summaryId}`);
  }

  rememberReader(userId: string, summaryId: string, state: ReaderState): void {
    this.readers.set(`${userId}|${summaryId}`, state);
  }

  forgetReader(userId: string, summaryId: string): void {
    this.readers.delete(`${userId}|${summaryId}`);
  }
}
