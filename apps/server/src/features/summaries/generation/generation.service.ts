import { normKey, type GenerateSummaryResponse, type Usage } from '@summa/shared';
import { AppError } from '../../../http/app-error.js';
import type { UsageQuota, UsageReservation } from '../../../ports/usage-quota.js';
import type { ReaderActivity } from '../../../ports/reader-activity.js';
import type { SummariesService } from '../summaries.service.js';
import { resolveBook, type GenerateInput } from './book-resolution.js';
import { leftFlight, type FlightListener } from '../../../single-flight/flight.js';
import type { ResolvedBook, WriterEvent } from './summary-writer.js';
import { GenerationCancelled, GenerationError } from './generation-error.js';
import { regenerationKey, type GenerationFlights, type GenerationLog } from './generation-flights.js';
import type { AdminSummaryResponse } from '@summa/shared';
import type { PendingAudit } from '../../../ports/admin-audit.js';
import type { WorkLog } from '../../../ports/work-log.js';
import type { BookCatalog } from '../../../ports/book-catalog.js';

export interface GenerationDeps {
  /** The summaries' single flight, shared with translation (one per norm_key). */
  flights: GenerationFlights;
  catalog: BookCatalog;
  log: GenerationLog;
  quota: UsageQuota;
  summaries: Pick<
    SummariesService,
    'findIdByKey' | 'isOwned' | 'touch' | 'addGenerated' | 'record' | 'adminGet'
  >;
  /** What readers asked for and how it ended, for the admin's usage numbers (the WorkLog port). */
  workLog?: WorkLog | undefined;
  /** Where a summary new to the reader is reported (streaks, achievements). */
  activity: ReaderActivity;
  /** Fair use (the rate-limit plugin): throws when the reader or everyone generated too much lately. */
  admitGeneration?: (userId: string) => Promise<void>;
  /** At shutdown, how long running generations may go on before their readers are told they failed. */
  shutdownGraceMs?: number | undefined;
}

export type Prepared =
  | { cached: true; result: GenerateSummaryResponse }
  /**
   * Held against the plan; `run` generates (or joins a generation), charges the reader in the
   * transaction that adds the summary to their list, and gives the hold back on failure. It
   * rejects with a `GenerationError` or `GenerationCancelled`.
   */
  | {
      cached: false;
      run(listener: FlightListener<WriterEvent>, signal: AbortSignal): Promise<GenerateSummaryResponse>;
    };

/** The generate-summary use case: the cache, the plan's count, and the shared generation. */
export class GenerationService {
  private readonly flights: GenerationFlights;

  constructor(private readonly deps: GenerationDeps) {
    this.flights = deps.flights;
  }

  private closing = false;

  /**
   * Resolves the book and looks for its summary. A hit answers at once, and is charged only when
   * it adds a summary the reader did not have. A miss holds one summary of the plan now (so that
   * concurrent requests cannot pass the limit together) for `run`. The hold is the norm_key's: a
   * reader's second request for the same summary shares it, and so its one unit.
   */
  async prepare(userId: string, input: GenerateInput, requestId?: string): Promise<Prepared> {
    if (this.closing) throw new AppError('SERVICE_UNAVAILABLE', 503);
    const { quota, summaries, admitGeneration } = this.deps;
    const book = await resolveBook(this.deps.catalog, input);
    const key = normKey(book.title, book.author, book.language);
    const cachedId = await summaries.findIdByKey(key);
    if (cachedId) {
      if (await summaries.isOwned(userId, cachedId)) {
        await summaries.touch(userId, cachedId);
      } else {
        const reservation = await quota.reserve(userId, 'summary', { item: key });
        if (!reservation) return this.ownedNow(userId, key);
        const charge = await quota.charge(reservation, (tx) => summaries.addGenerated(userId, cachedId, tx));
        if (charge.delivered) await this.generated(userId, cachedId);
        return this.cachedAnswer(userId, cachedId, charge.usage);
      }
      return this.cachedAnswer(userId, cachedId);
    }
    // Fair use counts real generations only (a stored summary costs no model call), after the plan's
    // limit, and once per hold: not again for a request that shares the reader's hold.
    const reservation = await quota.reserve(userId, 'summary', {
      item: key,
      admit: admitGeneration && (() => admitGeneration(userId)),
    });
    if (!reservation) return this.ownedNow(userId, key);
    return {
      cached: false,
      run: (listener, signal) => this.run({ userId, key, book, reservation, requestId }, listener, signal),
    };
  }

  /** `usage`: the month's use, when the answer's charge has read it already. */
  private async cachedAnswer(userId: string, summaryId: string, usage?: Usage): Promise<Prepared> {
    this.deps.workLog?.record({ kind: 'summary', outcome: 'cached', userId });
    return {
      cached: true,
      result: { summaryId, cached: true, usage: usage ?? (await this.deps.quota.usage(userId)) },
    };
  }

  /**
   * At the limit, the reader may have the summary after all: their other request for it delivered
   * it, and ended the hold this one would have shared, a moment ago.
   */
  private async ownedNow(userId: string, key: string): Promise<Prepared> {
    const { summaries } = this.deps;
    const summaryId = await summaries.findIdByKey(key);
    if (!summaryId || !(await summaries.isOwned(userId, summaryId))) {
      throw new AppError('SUMMARY_LIMIT_REACHED', 403);
    }
    await summaries.touch(userId, summaryId);
    return this.cachedAnswer(userId, summaryId);
  }

  /** Reports a summary new to the reader; a failure is logged, the reader has their summary. */
  private async generated(userId: string, summaryId: string): Promise<void> {
    await this.deps.activity
      .record({ type: 'summary_generated', userId, summaryId })
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error, summaryId }, 'could not record summary_generated'),
      );
  }

  /**
   * An admin's regeneration: the model writes the summary again through the usual single flight
   * (one per summary: a second request joins the first), and the new content replaces the old
   * with the admin's audit row. Answers once it is stored; 404 for no such summary,
   * 409 EDITORIAL_SUMMARY for the editors'.
   */
  async regenerate(summaryId: string, audit: PendingAudit): Promise<AdminSummaryResponse> {
    if (this.closing) throw new AppError('SERVICE_UNAVAILABLE', 503);
    const stored = await this.deps.summaries.record(summaryId);
    if (!stored) throw new AppError('NOT_FOUND', 404);
    if (stored.source !== 'model') {
      throw new AppError('EDITORIAL_SUMMARY', 409, "The editors' summaries are not regenerated here.");
    }
    const book: ResolvedBook = {
      title: stored.title,
      author: stored.author,
      language: stored.language,
      bookId: stored.bookId,
      category: stored.category,
      kind: stored.kind,
    };
    const flight = this.flights.flightFor(regenerationKey(summaryId), {
      kind: 'regenerate',
      book,
      summaryId,
      audit,
    });
    const leave = flight.join(() => undefined);
    try {
      const outcome = await flight.outcome;
      if ('failure' in outcome) throw outcome.failure;
    } finally {
      leave();
    }
    return this.deps.summaries.adminGet(summaryId);
  }

  /** Shutdown: running generations may finish within the grace; new ones are refused. */
  async close(): Promise<void> {
    this.closing = true;
    await this.flights.close(this.deps.shutdownGraceMs ?? 0);
  }

  /** At the start of a single-process database: every claim left is a dead process's. */
  async releaseAllClaims(): Promise<number> {
    return this.flights.releaseAll();
  }

  private async run(
    {
      userId,
      key,
      book,
      reservation,
      requestId,
    }: {
      userId: string;
      key: string;
      book: ResolvedBook;
      reservation: UsageReservation;
      /** The request that asked for it: the worker's lines for its job name it. */
      requestId: string | undefined;
    },
    listener: FlightListener<WriterEvent>,
    signal: AbortSignal,
  ): Promise<GenerateSummaryResponse> {
    const { quota, summaries, log } = this.deps;
    const flight = this.flights.flightFor(key, { kind: 'generate', book }, requestId);
    const leave = flight.join(listener);
    // The hold counts while this request waits; should the process die, it lapses within seconds.
    const renewal = setInterval(() => {
      quota.renew(reservation).catch((error: unknown) => {
        log.warn({ err: error }, 'could not renew a summary reservation');
      });
    }, quota.holdMs / 3);
    let charged = false;
    try {
      const outcome = await Promise.race([
        flight.outcome,
        leftFlight(signal, () => new GenerationCancelled()),
      ]);
      if ('failure' in outcome) throw outcome.failure;
      const { delivered, usage } = await quota.charge(reservation, (tx) =>
        summaries.addGenerated(userId, outcome.value, tx),
      );
      charged = true;
      // Done before the answer: the reader's next read sees the streak.
      if (delivered) await this.generated(userId, outcome.value);
      this.deps.workLog?.record({ kind: 'summary', outcome: 'made', userId });
      return { summaryId: outcome.value, cached: false, usage };
    } catch (error) {
      if (error instanceof GenerationError) {
        this.deps.workLog?.record({ kind: 'summary', outcome: 'failed', cause: error.code, userId });
      }
      if (!charged) {
        // Should this fail too (the database is down), the hold lapses on its own.
        await quota.release(reservation).catch((releaseError: unknown) => {
          log.warn({ err: releaseError }, 'could not release a summary reservation');
        });
      }
      throw error;
    } finally {
      clearInterval(renewal);
      leave();
    }
  }
}
