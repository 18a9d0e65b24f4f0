import { randomUUID } from 'node:crypto';
import {
  normKey,
  type Book,
  type Category,
  type GenerateSummaryResponse,
  type Language,
  type Usage,
} from '@summa/shared';
import type { Database } from '../../db/database.js';
import type { LlmProvider } from '../../providers/llm/llm-provider.js';
import { Flight, type FlightListener, type FlightOutcome } from './flight.js';
import {
  addUserSummary,
  claimGeneration,
  failGeneration,
  findGeneration,
  findSummaryIdByNormKey,
  hasUserSummary,
  releaseGeneration,
  renewGeneration,
  storeSummary,
  touchUserSummary,
} from './summaries.repository.js';
import { GenerationError, writeSummary, type ResolvedBook } from './summary-writer.js';

/** What this feature needs of the catalogue (app.ts passes the catalog feature's lookup). */
export interface BookCatalog {
  byId(id: string, language: Language): Promise<Book | undefined>;
  byTitleAndAuthor(title: string, author: string, language: Language): Promise<Book | undefined>;
  inCategory(
    category: Category,
    language: Language,
    excludeId: string | undefined,
    limit: number,
  ): Promise<Book[]>;
}

/** What this feature needs of the plan's usage counter (app.ts passes the usage feature's). */
export interface SummaryQuota {
  usage(userId: string): Promise<Usage>;
  reserveSummary(userId: string): Promise<{ userId: string; monthKey: string } | undefined>;
  refundSummary(reservation: { userId: string; monthKey: string }): Promise<void>;
}

export interface GenerationDeps {
  db: Database;
  provider: LlmProvider;
  catalog: BookCatalog;
  quota: SummaryQuota;
  /** Fair use (the rate-limit plugin): throws when the reader or everyone generated too much lately. */
  admitGeneration?: (userId: string) => Promise<void>;
  idleTimeoutMs: number;
  log: {
    info(o: object, m: string): void;
    warn(o: object, m: string): void;
    error(o: object, m: string): void;
  };
  /** How long a generation claim lives without renewal; a crashed owner frees it this late. */
  leaseMs?: number;
  /** How often a request waiting on another instance's generation looks for its result. */
  pollMs?: number;
}

export interface GenerateInput {
  bookId?: string | undefined;
  bookTitle: string;
  bookAuthor: string;
  language: Language;
}

/** The reader reached the plan's monthly limit. */
export class SummaryLimitError extends Error {
  constructor() {
    super('SUMMARY_LIMIT_REACHED');
    this.name = 'SummaryLimitError';
  }
}

export type Prepared =
  | { cached: true; result: GenerateSummaryResponse }
  /** Counted against the plan; `run` generates (or joins a generation) and gives it back on failure. */
  | { cached: false; run(listener: FlightListener, signal: AbortSignal): Promise<GenerateSummaryResponse> };

const RELATED_BOOKS = 4;

export function createGenerationService(deps: GenerationDeps) {
  const { db, quota, log } = deps;
  const leaseMs = deps.leaseMs ?? 30_000;
  const pollMs = deps.pollMs ?? 250;
  const flights = new Map<string, Flight>();

  /** The catalogue's facts when it knows the book (by id, else by title and author). */
  async function resolve(input: GenerateInput): Promise<ResolvedBook> {
    const book =
      (input.bookId ? await deps.catalog.byId(input.bookId, input.language) : undefined) ??
      (await deps.catalog.byTitleAndAuthor(input.bookTitle, input.bookAuthor, input.language));
    if (!book) {
      return {
        title: input.bookTitle,
        author: input.bookAuthor,
        language: input.language,
        bookId: null,
        category: null,
        kind: undefined,
      };
    }
    return {
      title: book.title,
      author: book.author,
      language: input.language,
      bookId: book.id,
      category: book.category,
      originalTitle: book.original_title,
      year: book.year,
      // The catalogue holds non-fiction only.
      kind: 'nonfiction',
    };
  }

  async function generate(
    flight: Flight,
    key: string,
    book: ResolvedBook,
    ownerId: string,
  ): Promise<FlightOutcome> {
    const renewal = setInterval(() => {
      renewGeneration(db, key, ownerId, leaseMs).catch((error: unknown) =>
        log.warn({ err: error, normKey: key }, 'could not renew a generation lease'),
      );
    }, leaseMs / 3);
    const started = performance.now();
    try {
      const content = await writeSummary(
        book,
        { provider: deps.provider, idleTimeoutMs: deps.idleTimeoutMs, log },
        {
          step: (step) => flight.emit({ type: 'step', step }),
          section: (sectionKey, value) => flight.emit({ type: 'section', key: sectionKey, value }),
        },
        flight.signal,
      );
      const related = book.category
        ? await deps.catalog.inCategory(book.category, book.language, book.bookId ?? undefined, RELATED_BOOKS)
        : [];
      const status = deps.provider.status();
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
      const failure =
        error instanceof GenerationError ? error : new GenerationError('GENERATION_FAILED', { cause: error });
      if (failure.code === 'CANCELLED') await releaseGeneration(db, key, ownerId);
      else {
        log.warn(
          { err: failure.cause ?? failure, normKey: key, code: failure.code },
          'summary generation failed',
        );
        await failGeneration(db, key, ownerId, failure.code);
      }
      return { error: failure.code };
    } finally {
      clearInterval(renewal);
    }
  }

  /** Follows another instance's generation of `key`; undefined when its claim is gone or dead. */
  async function waitForOtherInstance(flight: Flight, key: string): Promise<FlightOutcome | undefined> {
    while (!flight.signal.aborted) {
      const summaryId = await findSummaryIdByNormKey(db, key);
      if (summaryId) return { summaryId };
      const claim = await findGeneration(db, key);
      if (claim?.failedCode)
        return { error: claim.failedCode as Exclude<FlightOutcome, { summaryId: string }>['error'] };
      if (!claim?.live) return undefined;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    return { error: 'CANCELLED' };
  }

  /** One generation per key: this process shares a flight; instances share the claim row. */
  async function fly(flight: Flight, key: string, book: ResolvedBook): Promise<FlightOutcome> {
    const ownerId = randomUUID();
    try {
      for (;;) {
        if (flight.signal.aborted) return { error: 'CANCELLED' };
        if (await claimGeneration(db, key, ownerId, leaseMs)) {
          // A generation may have finished between this request's cache lookup and its claim.
          const finished = await findSummaryIdByNormKey(db, key);
          if (!finished) return await generate(flight, key, book, ownerId);
          await releaseGeneration(db, key, ownerId);
          return { summaryId: finished };
        }
        const outcome = await waitForOtherInstance(flight, key);
        if (outcome) return outcome;
      }
    } catch (error) {
      log.error({ err: error, normKey: key }, 'summary generation broke down');
      return { error: 'GENERATION_FAILED' };
    }
  }

  function flightFor(key: string, book: ResolvedBook): Flight {
    const current = flights.get(key);
    if (current?.joinable) return current;
    const flight = new Flight((self) => fly(self, key, book));
    flights.set(key, flight);
    void flight.outcome.finally(() => {
      if (flights.get(key) === flight) flights.delete(key);
    });
    return flight;
  }

  async function reserve(userId: string) {
    const reservation = await quota.reserveSummary(userId);
    if (!reservation) throw new SummaryLimitError();
    return reservation;
  }

  /**
   * Resolves the book and looks for its summary. A hit answers at once, and counts against the
   * plan only when it adds a summary the reader did not have. A miss counts now (so that
   * concurrent requests cannot pass the limit together) and is given back if it fails.
   */
  async function prepare(userId: string, input: GenerateInput): Promise<Prepared> {
    const book = await resolve(input);
    const key = normKey(book.title, book.author, book.language);
    const cachedId = await findSummaryIdByNormKey(db, key);
    if (cachedId) {
      if (await hasUserSummary(db, userId, cachedId)) {
        await touchUserSummary(db, userId, cachedId);
      } else {
        const reservation = await reserve(userId);
        if (!(await addUserSummary(db, userId, cachedId, true))) await quota.refundSummary(reservation);
      }
      return {
        cached: true,
        result: { summaryId: cachedId, cached: true, usage: await quota.usage(userId) },
      };
    }
    const reservation = await reserve(userId);
    try {
      // Fair use counts real generations only (a stored summary costs no model call), after the plan's limit.
      await deps.admitGeneration?.(userId);
    } catch (error) {
      await quota.refundSummary(reservation);
      throw error;
    }
    let refunded = false;
    const refund = async () => {
      if (refunded) return;
      refunded = true;
      await quota.refundSummary(reservation);
    };

    return {
      cached: false,
      async run(listener, signal) {
        const flight = flightFor(key, book);
        const leave = flight.join(listener);
        const cancelled = new Promise<FlightOutcome>((resolve) => {
          if (signal.aborted) resolve({ error: 'CANCELLED' });
          signal.addEventListener('abort', () => resolve({ error: 'CANCELLED' }), { once: true });
        });
        try {
          const outcome = await Promise.race([flight.outcome, cancelled]);
          if ('error' in outcome) throw new GenerationError(outcome.error);
          if (!(await addUserSummary(db, userId, outcome.summaryId, true))) await refund();
          return { summaryId: outcome.summaryId, cached: false, usage: await quota.usage(userId) };
        } catch (error) {
          await refund();
          throw error;
        } finally {
          leave();
        }
      },
    };
  }

  return {
    prepare,
    /** Stops every generation of this process (shutdown); their claims are released. */
    async close() {
      const running = [...flights.values()];
      for (const flight of running) flight.abort('server shutting down');
      await Promise.allSettled(running.map((flight) => flight.outcome));
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
