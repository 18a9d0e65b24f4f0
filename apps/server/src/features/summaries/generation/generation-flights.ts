import type { Database } from '../../../db/database.js';
import type { AuditStep } from '../../../ports/admin-audit.js';
import type { WorkLog } from '../../../ports/work-log.js';
import type { Metrics } from '../../../observability/metrics.js';
import type { LlmProvider, LlmRequest } from '../../../providers/llm/llm-provider.js';
import type { BookCatalog } from '../../../ports/book-catalog.js';
import type { Flight } from '../../../single-flight/flight.js';
import type { SummariesService } from '../summaries.service.js';
import { LeasedFlights, type LeasedWork } from '../../../single-flight/leased-flights.js';
import {
  asGenerationFailure,
  GenerationCancelled,
  GenerationError,
  type GenerationFailure,
} from './generation-error.js';
import { relatedBooks } from './book-resolution.js';
import { translateSummary, type TranslationSource } from './summary-translator.js';
import { writeSummary, type ResolvedBook, type WriterEvent } from './summary-writer.js';

export interface GenerationLog {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
  error(o: object, m: string): void;
}

export interface FlightsDeps {
  /** The lease rows' database (single-flight/work-leases.repository.ts). */
  db: Database;
  /** Where a flight finds a key's stored summary and stores the one it made. */
  summaries: Pick<SummariesService, 'findIdByKey' | 'store' | 'replace'>;
  provider: LlmProvider;
  catalog: BookCatalog;
  idleTimeoutMs: number;
  log: GenerationLog;
  /** Counts and times each generation and translation this instance runs. */
  metrics: Pick<Metrics, 'workFinished'>;
  /** Each model run's time and tokens, for the admin's usage numbers (the WorkLog port). */
  workLog?: WorkLog | undefined;
  /** How long a generation claim lives without renewal (renewed every third of it); a dead owner frees it this late. */
  leaseMs: number;
  /** How often a request waiting on another instance's generation looks for its result. */
  pollMs?: number | undefined;
}

/** One summary's generation, shared by the requests that want it: its events, its summary id, its failure. */
export type GenerationFlight = Flight<WriterEvent, string, GenerationFailure>;

/**
 * What a flight makes for its norm_key: a summary of `book` written by the model, or a stored
 * summary translated into `book.language` (instant translation; `book` holds the target's
 * facts). Both share one flight and one lease per norm_key, so a generation and a translation of
 * the same book and language never both run: whichever comes second joins the first.
 */
export type SummaryJob =
  | { kind: 'generate'; book: ResolvedBook }
  /** An admin's regeneration of a stored summary: written again, stored over it with the audit row. */
  | { kind: 'regenerate'; book: ResolvedBook; summaryId: string; audit: AuditStep }
  | { kind: 'translate'; book: ResolvedBook; source: TranslationSource & { id: string } };

/** One generation per norm_key, across requests and instances (single-flight/leased-flights.ts). */
export class GenerationFlights {
  private readonly flights: LeasedFlights<SummaryJob, WriterEvent, string, GenerationFailure>;

  constructor(private readonly deps: FlightsDeps) {
    const work: LeasedWork<SummaryJob, WriterEvent, string, GenerationFailure> = {
      scope: 'summary',
      // A regeneration's key is its own (regenerationKey): the stored summary is what it replaces.
      findDone: (key, job) =>
        job.kind === 'regenerate' ? Promise.resolve(undefined) : deps.summaries.findIdByKey(key),
      perform: (flight, key, job) => this.generate(flight, key, job),
      classify: (error) => {
        const failure = asGenerationFailure(error);
        return failure instanceof GenerationCancelled
          ? { cancelled: failure }
          : { failure, code: failure.code };
      },
      fromStoredCode: (code) => GenerationError.fromStoredCode(code),
      stopped: (shuttingDown, cause) =>
        shuttingDown
          ? new GenerationError('GENERATION_FAILED', { cause })
          : new GenerationCancelled({ cause }),
      brokeDown: (cause) => new GenerationError('GENERATION_FAILED', { cause }),
    };
    this.flights = new LeasedFlights(
      work,
      { db: deps.db, log: deps.log, leaseMs: deps.leaseMs, pollMs: deps.pollMs },
      {
        // A retry starts the sections over: late joiners must not see the abandoned ones.
        restartsAt: (event) => event.type === 'progress' && event.step === 'summarize',
        // A late joiner needs only the model's latest state, not every 1% of a download.
        replaces: (event, previous) => event.type === 'model' && previous.type === 'model',
      },
    );
  }

  /** The running generation or translation of `key`, or a new one doing `job`. */
  flightFor(key: string, job: SummaryJob): GenerationFlight {
    return this.flights.flightFor(key, job);
  }

  /** Shutdown: see LeasedFlights.close. */
  close(graceMs: number): Promise<void> {
    return this.flights.close(graceMs);
  }

  /** Drops every generation claim (a single-process database at start); returns how many there were. */
  releaseAll(): Promise<number> {
    return this.flights.releaseAll();
  }

  private async generate(flight: GenerationFlight, key: string, job: SummaryJob): Promise<string> {
    const { summaries, log, catalog, metrics } = this.deps;
    const { book } = job;
    const started = performance.now();
    const kind = job.kind === 'translate' ? 'translation' : 'generation';
    const seconds = () => (performance.now() - started) / 1000;
    const tokens: { inputTokens?: number | undefined; outputTokens?: number | undefined } = {};
    const provider = countedTokens(this.deps.provider, tokens);
    try {
      const options = { provider, idleTimeoutMs: this.deps.idleTimeoutMs, log };
      const emit = (event: WriterEvent) => flight.emit(event);
      const content =
        job.kind === 'translate'
          ? await translateSummary(job.source, book.language, options, emit, flight.signal)
          : await writeSummary(book, options, emit, flight.signal);
      const related = await relatedBooks(catalog, book);
      const status = provider.status();
      await this.deps.workLog?.record({
        kind: 'model',
        outcome: 'made',
        modelMs: performance.now() - started,
        ...tokens,
      });
      if (job.kind === 'regenerate') {
        const model = `${status.provider}:${status.model}`;
        await summaries.replace(job.summaryId, { content, related, model, kind: content.kind }, job.audit);
        log.info({ normKey: key, summaryId: job.summaryId }, 'summary regenerated by an admin');
        metrics.workFinished(kind, 'ok', seconds());
        return job.summaryId;
      }
      const summaryId = await summaries.store({
        normKey: key,
        bookId: book.bookId,
        title: book.title,
        author: book.author,
        language: book.language,
        category: book.category,
        kind: content.kind,
        content,
        related,
        model: `${status.provider}:${status.model}`,
        translatedFromId: job.kind === 'translate' ? job.source.id : null,
      });
      log.info(
        { normKey: key, summaryId, ms: Math.round(performance.now() - started) },
        job.kind === 'translate' ? 'summary translated' : 'summary generated',
      );
      metrics.workFinished(kind, 'ok', seconds());
      return summaryId;
    } catch (error) {
      const failure = asGenerationFailure(error);
      metrics.workFinished(kind, failure instanceof GenerationError ? 'failed' : 'cancelled', seconds());
      if (failure instanceof GenerationError) {
        await this.deps.workLog?.record({ kind: 'model', outcome: 'failed', cause: failure.code, ...tokens });
      }
      if (failure instanceof GenerationError) {
        log.warn(
          { err: failure.cause ?? failure, normKey: key, code: failure.code },
          job.kind === 'translate' ? 'summary translation failed' : 'summary generation failed',
        );
      }
      throw failure;
    }
  }
}

/** The flight key of an admin's regeneration of a summary: one at a time per summary. */
export function regenerationKey(summaryId: string): string {
  return `regenerate:${summaryId}`;
}

/** `provider`, adding up the tokens its calls report into `tokens` (the usage log's). */
function countedTokens(
  provider: LlmProvider,
  tokens: { inputTokens?: number | undefined; outputTokens?: number | undefined },
): LlmProvider {
  const add = (a: number | undefined, b: number | undefined) => (b === undefined ? a : (a ?? 0) + b);
  const streamJson = (request: LlmRequest) =>
    provider.streamJson({
      ...request,
      onUsage: (usage) => {
        tokens.inputTokens = add(tokens.inputTokens, usage.inputTokens);
        tokens.outputTokens = add(tokens.outputTokens, usage.outputTokens);
        request.onUsage?.(usage);
      },
    });
  return Object.assign(Object.create(provider) as LlmProvider, { streamJson });
}
