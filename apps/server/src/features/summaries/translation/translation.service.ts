import { normKey, type Language, type TranslateSummaryResponse } from '@summa/shared';
import type { Database } from '../../../db/database.js';
import { AppError } from '../../../http/app-error.js';
import type { PreparedWork } from '../../../http/json-or-stream.js';
import type { BookCatalog } from '../../../ports/book-catalog.js';
import type { ReaderPlan } from '../../../ports/reader-plan.js';
import { leftFlight, type FlightListener } from '../../../single-flight/flight.js';
import { GenerationCancelled } from '../generation/generation-error.js';
import type { GenerationFlights, SummaryJob } from '../generation/generation-flights.js';
import type { ResolvedBook, WriterEvent } from '../generation/summary-writer.js';
import { findSummary, findSummaryIdByNormKey, type SummaryRecord } from '../summaries.repository.js';

export interface TranslationDeps {
  db: Database;
  /** The summaries' single flight, shared with generation: one per norm_key. */
  flights: GenerationFlights;
  catalog: BookCatalog;
  /** Instant translation is a Premium feature, decided by the plan in force now. */
  plan: ReaderPlan;
  /** Fair use (the rate-limit plugin), as for a generation: only a real model call counts. */
  admitGeneration?: (userId: string) => Promise<void>;
}

/**
 * Instant translation (Premium): a stored summary in another of the languages. The model
 * translates the stored summary (cheaper and more faithful than writing a new one); the result is
 * stored under the target language's norm_key, linked to its source, so later readers (on any
 * plan, through generation) get it at no cost. Not counted against any plan: Premium is unlimited.
 */
export class TranslationService {
  private closing = false;

  constructor(private readonly deps: TranslationDeps) {}

  /**
   * Checks the plan (before the summary is looked up, as the PDF export does), the summary and
   * the language; a summary already stored in that language answers at once, without the model.
   */
  async prepare(
    userId: string,
    summaryId: string,
    language: Language,
    requestId?: string,
  ): Promise<PreparedWork<TranslateSummaryResponse, WriterEvent>> {
    if (this.closing) throw new AppError('SERVICE_UNAVAILABLE', 503);
    const { db, plan } = this.deps;
    if ((await plan.planOf(userId)) !== 'premium') throw new AppError('PREMIUM_REQUIRED', 403);
    const source = await findSummary(db, summaryId);
    if (!source) throw new AppError('NOT_FOUND', 404);
    if (source.language === language) throw new AppError('TRANSLATION_SAME_LANGUAGE', 400);
    const book = await this.target(source, language);
    const key = normKey(book.title, book.author, language);
    const storedId = await findSummaryIdByNormKey(db, key);
    if (storedId) return { cached: true, result: { summaryId: storedId, cached: true } };
    await this.deps.admitGeneration?.(userId);
    const job: SummaryJob = { kind: 'translate', book, source };
    return { cached: false, run: (listener, signal) => this.run(key, job, requestId, listener, signal) };
  }

  /** Shutdown: new translations are refused (running ones end with the shared flights). */
  close(): void {
    this.closing = true;
  }

  /**
   * The translated summary's facts. A catalogue book takes its title in the target language, so
   * the translation lands on the norm_key a generation of that book in that language would use;
   * any other book keeps its title (the key must be known before the model runs).
   */
  private async target(source: SummaryRecord, language: Language): Promise<ResolvedBook> {
    const catalogued = source.bookId ? await this.deps.catalog.byId(source.bookId, language) : undefined;
    return {
      title: catalogued?.title ?? source.title,
      author: catalogued?.author ?? source.author,
      language,
      bookId: source.bookId,
      category: source.category,
      kind: source.kind,
    };
  }

  private async run(
    key: string,
    job: SummaryJob,
    requestId: string | undefined,
    listener: FlightListener<WriterEvent>,
    signal: AbortSignal,
  ): Promise<TranslateSummaryResponse> {
    const flight = this.deps.flights.flightFor(key, job, requestId);
    const leave = flight.join(listener);
    try {
      const outcome = await Promise.race([
        flight.outcome,
        leftFlight(signal, () => new GenerationCancelled()),
      ]);
      if ('failure' in outcome) throw outcome.failure;
      return { summaryId: outcome.value, cached: false };
    } finally {
      leave();
    }
  }
}
