import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database.js';
import type { ObjectStorage } from '../../../providers/storage/object-storage.js';
import {
  claimCovers,
  enlistCovers,
  recordFailed,
  recordFetched,
  recordMissing,
  releaseAllCoverClaims,
  releaseCovers,
  type ClaimedCover,
} from './book-covers.repository.js';
import { COVER_TYPES, coverFileOf, coverKeyOf, coverUrlOf } from './cover-files.js';
import { lookUpCover } from './cover-source.js';

const MINUTE_MS = 60_000;

/** The sweep's pace and limits; tests shorten them. */
export interface CoverSweepSettings {
  /** How many covers are fetched at once. */
  concurrency: number;
  /** One request to the source, body included. */
  timeoutMs: number;
  /** The largest image stored. */
  maxBytes: number;
  /** How long an instance holds the covers it claimed; a dead one's claims run out after it. */
  claimMs: number;
  /** A failed fetch is tried again after `baseMs`, doubled on each failure, at most `maxMs`. */
  retry: { baseMs: number; maxMs: number };
  /** A book the source has no cover for is asked about again after this long. */
  missingRecheckMs: number;
}

export const DEFAULT_COVER_SWEEP: CoverSweepSettings = {
  concurrency: 4,
  timeoutMs: 10_000,
  maxBytes: 2_000_000,
  claimMs: 5 * MINUTE_MS,
  retry: { baseMs: 5 * MINUTE_MS, maxMs: 24 * 60 * MINUTE_MS },
  missingRecheckMs: 30 * 24 * 60 * MINUTE_MS,
};

export interface CoverSweepDeps {
  db: Database;
  storage: ObjectStorage;
  log: FastifyBaseLogger;
  /** Where covers are looked up by ISBN (COVERS_SOURCE_URL). */
  sourceUrl: string;
  settings?: Partial<CoverSweepSettings> | undefined;
}

type Outcome = 'fetched' | 'missing' | 'failed' | 'stopped';

/**
 * Fetches the catalogue's covers in the background, never on a reader's request: each sweep (a
 * job of the queue's `covers` schedule, run by a worker: queue/upkeep.ts) claims the covers that
 * are due a few at a time, looks each up by ISBN, stores the image (named by its content) and
 * points the book at the app's URL of it. A failure is tried again later with back-off; `stop`
 * ends the sweeps under way (the app's close).
 */
export class CoverSweep {
  private readonly settings: CoverSweepSettings;
  private readonly stopping = new AbortController();
  /** This process's sweep under way, if any. */
  private running: Promise<void> | undefined;
  /** Whether another sweep was asked for while one ran: it runs once that one ends. */
  private again = false;

  constructor(private readonly deps: CoverSweepDeps) {
    this.settings = { ...DEFAULT_COVER_SWEEP, ...deps.settings };
  }

  /**
   * One sweep, logged; a failure is logged too, and the next sweep tries again (claims run out).
   * Asked for while one runs here (a tick during a long sweep), it runs right after that one.
   */
  run(): Promise<void> {
    if (this.stopping.signal.aborted) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const sweeping = (async () => {
      try {
        let more = true;
        while (more && !this.stopping.signal.aborted) {
          this.again = false;
          await this.sweepAndLog();
          more = this.again;
        }
      } finally {
        // In the same turn as the last check of `again`: a later ask starts a new sweep.
        this.running = undefined;
      }
    })();
    this.running = sweeping;
    return sweeping;
  }

  /** Stops sweeping: fetches under way are aborted and their covers given back untried. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  /** Drops the claims a dead process left (a single-process database at start). */
  async releaseAllClaims(): Promise<number> {
    return releaseAllCoverClaims(this.deps.db);
  }

  /** One sweep: every cover that is due, `concurrency` at a time. Resolves with what became of them. */
  async sweep(): Promise<Record<Outcome, number>> {
    const { db } = this.deps;
    const counts: Record<Outcome, number> = { fetched: 0, missing: 0, failed: 0, stopped: 0 };
    await enlistCovers(db);
    while (!this.stopping.signal.aborted) {
      const claimed = await claimCovers(db, this.settings.concurrency, this.settings.claimMs);
      if (claimed.length === 0) break;
      const outcomes = await Promise.all(claimed.map((cover) => this.fetchOne(cover)));
      for (const outcome of outcomes) counts[outcome] += 1;
      await releaseCovers(
        db,
        claimed.filter((_, index) => outcomes[index] === 'stopped'),
      );
    }
    return counts;
  }

  private async sweepAndLog(): Promise<void> {
    const { log } = this.deps;
    try {
      const { stopped: _stopped, ...counts } = await this.sweep();
      if (counts.fetched + counts.missing + counts.failed === 0) return;
      const message = 'book covers looked up';
      if (counts.failed > 0) log.warn(counts, `${message}; the failed ones are tried again later`);
      else log.info(counts, message);
    } catch (error) {
      // The database or the storage failed: the next sweep tries again, and claims run out.
      log.error({ err: error }, 'book cover sweep failed; trying again at the next one');
    }
  }

  private async fetchOne(cover: ClaimedCover): Promise<Outcome> {
    const { db, storage, log } = this.deps;
    const { timeoutMs, maxBytes, retry, missingRecheckMs } = this.settings;
    const signal = this.stopping.signal;
    const lookup = await lookUpCover(
      { baseUrl: this.deps.sourceUrl, timeoutMs, maxBytes },
      cover.isbn13,
      signal,
    );
    if (signal.aborted) return 'stopped';
    if (lookup.kind === 'missing') {
      await recordMissing(db, cover, missingRecheckMs);
      return 'missing';
    }
    if (lookup.kind === 'failed') {
      log.debug({ isbn13: cover.isbn13, reason: lookup.reason }, 'book cover fetch failed');
      await recordFailed(db, cover, retry);
      return 'failed';
    }
    const file = coverFileOf(lookup.bytes, lookup.format);
    const coverKey = coverKeyOf(file);
    try {
      // Named by its content: an image already stored (another book's, another instance's) is kept.
      if (!(await storage.exists(coverKey))) {
        await storage.put(coverKey, lookup.bytes, { contentType: COVER_TYPES[file.format] });
      }
    } catch (error) {
      log.warn({ err: error, isbn13: cover.isbn13 }, 'storing a book cover failed; tried again later');
      await recordFailed(db, cover, retry);
      return 'failed';
    }
    await recordFetched(db, cover, { coverKey, coverUrl: coverUrlOf(file) });
    return 'fetched';
  }
}
