import { normKey, type GenerateSummaryResponse } from '@summa/shared';
import { AppError } from '../../../http/app-error.js';
import type { SummaryQuota, SummaryReservation } from '../../../ports/summary-quota.js';
import type { SummariesService } from '../summaries.service.js';
import { resolveBook, type GenerateInput } from './book-resolution.js';
import type { FlightListener, FlightOutcome } from './flight.js';
import { GenerationCancelled } from './generation-error.js';
import { GenerationFlights, type FlightsDeps } from './generation-flights.js';

export interface GenerationDeps extends FlightsDeps {
  quota: SummaryQuota;
  summaries: Pick<SummariesService, 'findIdByKey' | 'isOwned' | 'touch' | 'addGenerated'>;
  /** Fair use (the rate-limit plugin): throws when the reader or everyone generated too much lately. */
  admitGeneration?: (userId: string) => Promise<void>;
}

export type Prepared =
  | { cached: true; result: GenerateSummaryResponse }
  /**
   * Counted against the plan; `run` generates (or joins a generation) and gives the count back on
   * failure. It rejects with a `GenerationError` or `GenerationCancelled`.
   */
  | { cached: false; run(listener: FlightListener, signal: AbortSignal): Promise<GenerateSummaryResponse> };

/** Resolves as a cancellation once `signal` aborts (this request left; the flight may go on). */
function cancellation(signal: AbortSignal): Promise<FlightOutcome> {
  return new Promise((resolve) => {
    const cancel = () => resolve({ failure: new GenerationCancelled() });
    if (signal.aborted) cancel();
    signal.addEventListener('abort', cancel, { once: true });
  });
}

/** The generate-summary use case: the cache, the plan's count, and the shared generation. */
export class GenerationService {
  private readonly flights: GenerationFlights;

  constructor(private readonly deps: GenerationDeps) {
    this.flights = new GenerationFlights(deps);
  }

  /**
   * Resolves the book and looks for its summary. A hit answers at once, and counts against the
   * plan only when it adds a summary the reader did not have. A miss counts now (so that
   * concurrent requests cannot pass the limit together) and is given back if it fails.
   */
  async prepare(userId: string, input: GenerateInput): Promise<Prepared> {
    const { quota, summaries } = this.deps;
    const book = await resolveBook(this.deps.catalog, input);
    const key = normKey(book.title, book.author, book.language);
    const cachedId = await summaries.findIdByKey(key);
    if (cachedId) {
      if (await summaries.isOwned(userId, cachedId)) {
        await summaries.touch(userId, cachedId);
      } else {
        const reservation = await this.reserve(userId);
        if (!(await summaries.addGenerated(userId, cachedId))) await quota.refundSummary(reservation);
      }
      return {
        cached: true,
        result: { summaryId: cachedId, cached: true, usage: await quota.usage(userId) },
      };
    }
    const reservation = await this.reserve(userId);
    try {
      // Fair use counts real generations only (a stored summary costs no model call), after the plan's limit.
      await this.deps.admitGeneration?.(userId);
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
      run: async (listener, signal) => {
        const flight = this.flights.flightFor(key, book);
        const leave = flight.join(listener);
        try {
          const outcome = await Promise.race([flight.outcome, cancellation(signal)]);
          if ('failure' in outcome) throw outcome.failure;
          if (!(await summaries.addGenerated(userId, outcome.summaryId))) await refund();
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

  /** Stops every generation of this process (shutdown). */
  async close(): Promise<void> {
    await this.flights.close();
  }

  private async reserve(userId: string): Promise<SummaryReservation> {
    const reservation = await this.deps.quota.reserveSummary(userId);
    if (!reservation) throw new AppError('SUMMARY_LIMIT_REACHED', 403);
    return reservation;
  }
}
