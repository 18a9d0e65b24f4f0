import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/database.js';
import type { LlmProvider } from '../../../providers/llm/llm-provider.js';
import type { BookCatalog } from '../../../ports/book-catalog.js';
import { findSummaryIdByNormKey } from '../summaries.repository.js';
import { Flight, type FlightOutcome } from './flight.js';
import { asGenerationFailure, GenerationCancelled, GenerationError } from './generation-error.js';
import {
  claimGeneration,
  failGeneration,
  findGeneration,
  releaseAllGenerations,
  releaseGeneration,
  renewGeneration,
  storeSummary,
} from './generation.repository.js';
import { writeSummary, type ResolvedBook } from './summary-writer.js';

export interface GenerationLog {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
  error(o: object, m: string): void;
}

export interface FlightsDeps {
  db: Database;
  provider: LlmProvider;
  catalog: BookCatalog;
  idleTimeoutMs: number;
  log: GenerationLog;
  /** How long a generation claim lives without renewal (renewed every third of it); a dead owner frees it this late. */
  leaseMs?: number | undefined;
  /** How often a request waiting on another instance's generation looks for its result. */
  pollMs?: number | undefined;
}

const RELATED_BOOKS = 4;
/** Short, renewed often: a claim whose owner died is taken over within seconds. */
export const DEFAULT_LEASE_MS = 6_000;

/**
 * One generation per norm_key: requests of this process share a `Flight`; instances share the
 * lease row (generation.repository.ts), renewed while the model writes.
 */
export class GenerationFlights {
  private readonly flights = new Map<string, Flight>();
  private readonly leaseMs: number;
  private readonly pollMs: number;

  constructor(private readonly deps: FlightsDeps) {
    this.leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
    this.pollMs = deps.pollMs ?? 250;
  }

  /** The running flight of `key`, or a new one. */
  flightFor(key: string, book: ResolvedBook): Flight {
    const current = this.flights.get(key);
    if (current?.joinable) return current;
    const flight = new Flight((self) => this.fly(self, key, book));
    this.flights.set(key, flight);
    void flight.outcome.finally(() => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    });
    return flight;
  }

  /**
   * Shutdown: lets the running generations finish within `graceMs`, then stops the rest (their
   * claims are released and their readers told the generation failed).
   */
  async close(graceMs: number): Promise<void> {
    const running = [...this.flights.values()];
    const finished = Promise.allSettled(running.map((flight) => flight.outcome));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([finished, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    for (const flight of running) flight.abort('server shutting down');
    await finished;
  }

  /** Drops every claim (a single-process database at start); returns how many there were. */
  async releaseAll(): Promise<number> {
    return releaseAllGenerations(this.deps.db);
  }

  /** An aborted flight's outcome: nothing to tell when every reader left; a failure at shutdown. */
  private stopped(flight: Flight, cause?: unknown): FlightOutcome {
    return {
      failure: flight.shuttingDown
        ? new GenerationError('GENERATION_FAILED', { cause })
        : new GenerationCancelled({ cause }),
    };
  }

  private async fly(flight: Flight, key: string, book: ResolvedBook): Promise<FlightOutcome> {
    const { db, log } = this.deps;
    const ownerId = randomUUID();
    try {
      for (;;) {
        if (flight.signal.aborted) return this.stopped(flight);
        if (await claimGeneration(db, key, ownerId, this.leaseMs)) {
          // A generation may have finished between this request's cache lookup and its claim.
          const finished = await findSummaryIdByNormKey(db, key);
          if (!finished) return await this.generate(flight, key, book, ownerId);
          await releaseGeneration(db, key, ownerId);
          return { summaryId: finished };
        }
        const outcome = await this.waitForOtherInstance(flight, key);
        if (outcome) return outcome;
      }
    } catch (error) {
      log.error({ err: error, normKey: key }, 'summary generation broke down');
      return { failure: new GenerationError('GENERATION_FAILED', { cause: error }) };
    }
  }

  /** Writes, stores and releases; a failure is recorded on the lease row for other instances' waiters. */
  private async generate(
    flight: Flight,
    key: string,
    book: ResolvedBook,
    ownerId: string,
  ): Promise<FlightOutcome> {
    const { db, log, provider, catalog } = this.deps;
    const renewal = setInterval(() => {
      renewGeneration(db, key, ownerId, this.leaseMs).catch((error: unknown) =>
        log.warn({ err: error, normKey: key }, 'could not renew a generation lease'),
      );
    }, this.leaseMs / 3);
    const started = performance.now();
    try {
      const content = await writeSummary(
        book,
        { provider, idleTimeoutMs: this.deps.idleTimeoutMs, log },
        (event) => flight.emit(event),
        flight.signal,
      );
      const related = book.category
        ? await catalog.inCategory(book.category, book.language, book.bookId ?? undefined, RELATED_BOOKS)
        : [];
      const status = provider.status();
      const summaryId = await storeSummary(
        db,
        {
          normKey: key,
          bookId: book.bookId,
          title: book.title,
          author: book.author,
          language: book.language,
          category: book.category,
          kind: content.kind,
          content,
          related: related.map(({ id, title, author, cover_url }) => ({ id, title, author, cover_url })),
          model: `${status.provider}:${status.model}`,
        },
        ownerId,
      );
      log.info({ normKey: key, summaryId, ms: Math.round(performance.now() - started) }, 'summary generated');
      return { summaryId };
    } catch (error) {
      const failure = asGenerationFailure(error);
      if (failure instanceof GenerationCancelled) {
        // Another instance may take the key over at once.
        await releaseGeneration(db, key, ownerId);
        return this.stopped(flight, failure);
      }
      log.warn(
        { err: failure.cause ?? failure, normKey: key, code: failure.code },
        'summary generation failed',
      );
      await failGeneration(db, key, ownerId, failure.code);
      return { failure };
    } finally {
      clearInterval(renewal);
    }
  }

  /** Follows another instance's generation of `key`; undefined when its claim is gone or dead. */
  private async waitForOtherInstance(flight: Flight, key: string): Promise<FlightOutcome | undefined> {
    const { db } = this.deps;
    while (!flight.signal.aborted) {
      const summaryId = await findSummaryIdByNormKey(db, key);
      if (summaryId) return { summaryId };
      const claim = await findGeneration(db, key);
      if (claim?.failedCode) return { failure: GenerationError.fromStoredCode(claim.failedCode) };
      if (!claim?.live) return undefined;
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
    return this.stopped(flight);
  }
}
