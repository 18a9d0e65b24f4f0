import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/database.js';
import type { AdminAudit, PendingAudit } from '../../../ports/admin-audit.js';
import type { WorkLog } from '../../../ports/work-log.js';
import type { Metrics } from '../../../observability/metrics.js';
import type { LlmProvider, LlmRequest } from '../../../providers/llm/llm-provider.js';
import type { BookCatalog } from '../../../ports/book-catalog.js';
import { closeFlights, Flight, type FlightOutcome } from '../../../single-flight/flight.js';
import { QUEUES, type JobQueue } from '../../../queue/job-queue.js';
import type { ProgressRelay } from '../../../queue/progress-relay.js';
import type { SummariesService } from '../summaries.service.js';
import { LeasedFlights, type LeasedWork } from '../../../single-flight/leased-flights.js';
import { findLease } from '../../../single-flight/work-leases.repository.js';
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
  /** Writes the audit row of an admin's regeneration, in the transaction that stores it. */
  audit: AdminAudit;
  /** Each model run's time and tokens, for the admin's usage numbers (the WorkLog port). */
  workLog?: WorkLog | undefined;
  /** How long a generation claim lives without renewal (renewed every third of it); a dead owner frees it this late. */
  leaseMs: number;
  /** How often a request waiting on another instance's generation looks for its result. */
  pollMs?: number | undefined;
  /** Whether this process also serves readers (role all): a failure at its shutdown is told to them, as before. */
  alsoWeb: boolean;
  /** Where generations and translations are queued, and run by the workers (ADR 0031). */
  queue: JobQueue;
  /** Carries a running job's events from its worker to the web instances following it. */
  relay: ProgressRelay;
}

/** A summary job's payload: the norm_key and what to make for it. */
interface SummaryJobData {
  key: string;
  job: SummaryJob;
}

/**
 * The relay's messages about one norm_key (worker to web: `event`, `done`, `failed`, `cancelled`;
 * web to worker: `cancel`, `sync`). Events carry their attempt and a number: a web instance that
 * asks for a replay (`sync`) drops what it already had.
 */
type SummaryMessage =
  | { t: 'event'; a: string; n: number; e: WriterEvent }
  | { t: 'done'; id: string }
  | { t: 'failed'; code: string }
  | { t: 'cancelled' }
  | { t: 'cancel' }
  | { t: 'sync' };

/** How often a web instance looks for the stored summary itself, in case a notification was lost. */
const FALLBACK_POLL_MS = 1_000;

const FLIGHT_OPTIONS = {
  // A retry starts the sections over: late joiners must not see the abandoned ones.
  restartsAt: (event: WriterEvent) => event.type === 'progress' && event.step === 'summarize',
  // A late joiner needs only the model's latest state, not every 1% of a download.
  replaces: (event: WriterEvent, previous: WriterEvent) =>
    event.type === 'model' && previous.type === 'model',
};

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
  | { kind: 'regenerate'; book: ResolvedBook; summaryId: string; audit: PendingAudit }
  | { kind: 'translate'; book: ResolvedBook; source: TranslationSource & { id: string } };

/**
 * One generation per norm_key, across requests and instances. The web side (`flightFor`) queues a
 * job per norm_key and follows it through the relay; the worker side (`work`) runs each job in a
 * leased flight (single-flight/leased-flights.ts), so that two workers, or a retry of a job whose
 * worker died, never generate the same summary twice, and a stored summary is never made again.
 */
export class GenerationFlights {
  private readonly flights: LeasedFlights<SummaryJob, WriterEvent, string, GenerationFailure>;
  /** The web side: the flights this instance's readers follow, one per norm_key. */
  private readonly followed = new Map<string, GenerationFlight>();
  /** The worker side: the jobs this process runs, by norm_key. */
  private readonly running = new Map<
    string,
    { flight: GenerationFlight; leave: () => void; replay: () => void }
  >();
  private stopRelay: (() => void) | undefined;
  private workerClosing = false;

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
      FLIGHT_OPTIONS,
    );
  }

  /** The running generation or translation of `key` followed by this instance, or a new one doing `job`. */
  flightFor(key: string, job: SummaryJob): GenerationFlight {
    const current = this.followed.get(key);
    if (current?.joinable) return current;
    const flight: GenerationFlight = new Flight((self) => this.follow(self, key, job), FLIGHT_OPTIONS);
    this.followed.set(key, flight);
    void flight.outcome.finally(() => {
      if (this.followed.get(key) === flight) this.followed.delete(key);
    });
    return flight;
  }

  /** Shutdown of the web side: followed flights may finish within `graceMs`, then their readers are told it failed. */
  close(graceMs: number): Promise<void> {
    return closeFlights(this.followed.values(), graceMs);
  }

  /** Drops every generation claim (a single-process database at start); returns how many there were. */
  releaseAll(): Promise<number> {
    return this.flights.releaseAll();
  }

  /** The worker side (roles worker and all): runs the summary jobs, and answers the web side's asks. */
  async work(): Promise<void> {
    this.stopRelay = this.deps.relay.subscribeAll((message) => {
      const entry = this.running.get(message.key);
      if (!entry) return;
      if (message.t === 'cancel') entry.leave();
      else if (message.t === 'sync') entry.replay();
    });
    await this.deps.queue.work<SummaryJobData>(QUEUES.summary, (data) => this.runJob(data.key, data.job));
  }

  /** Shutdown of the worker side: running jobs may finish within `graceMs`, the rest fail (or retry elsewhere). */
  async closeWorker(graceMs: number): Promise<void> {
    this.workerClosing = true;
    this.stopRelay?.();
    await this.flights.close(graceMs);
  }

  private publish(key: string, message: SummaryMessage): Promise<void> {
    return this.deps.relay.publish({ key, ...message }).catch((error: unknown) => {
      this.deps.log.warn({ err: error, normKey: key }, 'could not relay a generation message');
    });
  }

  /**
   * Runs one job in the leased flight of its norm_key, relaying its events. A failure is told to
   * the readers and ends the job; a worker stopped mid-job throws instead (role worker), so that
   * the queue gives the job to another worker, whose lease waits out this one's.
   */
  private async runJob(key: string, job: SummaryJob): Promise<void> {
    const flight = this.flights.flightFor(key, job);
    const current = this.running.get(key);
    if (current?.flight === flight) {
      // A second job of a key this process already runs (queued again by a web instance): the
      // first relays the events; this one only waits with it.
      await flight.outcome;
      return;
    }
    const attempt = randomUUID();
    let n = 0;
    let sent: SummaryMessage[] = [];
    const leave = flight.join((event) => {
      const message: SummaryMessage = { t: 'event', a: attempt, n: n++, e: event };
      if (FLIGHT_OPTIONS.restartsAt(event)) sent = [];
      sent.push(message);
      void this.publish(key, message);
    });
    const entry = {
      flight,
      leave,
      replay: () => {
        for (const message of sent) void this.publish(key, message);
      },
    };
    this.running.set(key, entry);
    try {
      const outcome = await flight.outcome;
      if ('value' in outcome) {
        await this.publish(key, { t: 'done', id: outcome.value });
        return;
      }
      const failure = outcome.failure;
      if (failure instanceof GenerationCancelled) {
        await this.publish(key, { t: 'cancelled' });
        return;
      }
      if (this.workerClosing && this.deps.queue.works && !this.deps.alsoWeb) {
        throw new Error('the worker stopped during the job', { cause: failure });
      }
      await this.publish(key, { t: 'failed', code: failure.code });
    } finally {
      if (this.running.get(key) === entry) this.running.delete(key);
      leave();
    }
  }

  /**
   * The web side of one flight: queues the job (or joins the one of its key), then passes on its
   * worker's events until the summary is stored or the work failed. A job cancelled by another
   * instance's readers leaving is queued again while this one's readers still wait.
   */
  private async follow(
    flight: GenerationFlight,
    key: string,
    job: SummaryJob,
  ): Promise<FlightOutcome<string, GenerationFailure>> {
    const { relay, queue, summaries, log } = this.deps;
    let attempt: string | undefined;
    let last = -1;
    let round = 0;
    let requeuedFor: string | undefined;
    let settle: (outcome: FlightOutcome<string, GenerationFailure> | 'again') => void = () => undefined;
    const stopped = () => ({
      failure: flight.shuttingDown ? new GenerationError('GENERATION_FAILED') : new GenerationCancelled(),
    });
    const unsubscribe = relay.subscribe(key, (raw) => {
      const message = raw as unknown as SummaryMessage;
      if (message.t === 'event') {
        if (message.a !== attempt) {
          attempt = message.a;
          last = -1;
        }
        if (message.n <= last) return;
        last = message.n;
        flight.emit(message.e);
      } else if (message.t === 'done') settle({ value: message.id });
      else if (message.t === 'failed') settle({ failure: GenerationError.fromStoredCode(message.code) });
      else if (message.t === 'cancelled') settle('again');
    });
    const onAbort = () => settle('again');
    flight.signal.addEventListener('abort', onAbort);
    try {
      for (;;) {
        if (flight.signal.aborted) break;
        const ended = new Promise<FlightOutcome<string, GenerationFailure> | 'again'>((resolve) => {
          settle = resolve;
        });
        // The request looked for it just before (GenerationService.prepare); a second round may find it.
        const done = round++ > 0 ? await summaries.findIdByKey(key) : undefined;
        if (done !== undefined) return { value: done };
        await queue.send(QUEUES.summary, { key, job } satisfies SummaryJobData);
        const sentAttempt = attempt;
        // A worker already on it replays what this instance missed.
        void this.publish(key, { t: 'sync' });
        let poll: NodeJS.Timeout | undefined;
        // The stored summary, and the lease, looked up now and then: a lost notification costs a
        // second, and a worker that died mid-job (its events stopped, its lease lapsed) is replaced
        // by queuing the job again, which the next worker takes over at once.
        const lookedUp = new Promise<FlightOutcome<string, GenerationFailure> | 'again'>((resolve) => {
          const look = async () => {
            const id = await summaries.findIdByKey(key);
            if (id !== undefined) {
              resolve({ value: id });
              return;
            }
            const lease = await findLease(this.deps.db, { scope: 'summary', key });
            if (attempt !== sentAttempt && lease?.failedCode) {
              resolve({ failure: GenerationError.fromStoredCode(lease.failedCode) });
              return;
            }
            // Once per attempt: a lease renewed late must not make a stream of new jobs.
            if (attempt !== sentAttempt && attempt !== requeuedFor && !lease?.live) {
              requeuedFor = attempt;
              resolve('again');
              return;
            }
            schedule();
          };
          const schedule = () => {
            poll = setTimeout(() => void look().catch(() => schedule()), FALLBACK_POLL_MS);
          };
          schedule();
        });
        const outcome = await Promise.race([ended, lookedUp]).finally(() => clearTimeout(poll));
        if (outcome !== 'again') return outcome;
      }
      // Every reader of this instance left: the worker stops unless another instance's readers want it.
      if (!flight.shuttingDown) void this.publish(key, { t: 'cancel' });
      return stopped();
    } catch (error) {
      log.error({ err: error, normKey: key }, 'could not queue a generation');
      return { failure: new GenerationError('GENERATION_FAILED', { cause: error }) };
    } finally {
      flight.signal.removeEventListener('abort', onAbort);
      unsubscribe();
    }
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
      this.deps.workLog?.record({
        kind: 'model',
        outcome: 'made',
        modelMs: performance.now() - started,
        ...tokens,
      });
      if (job.kind === 'regenerate') {
        const model = `${status.provider}:${status.model}`;
        const audit = this.deps.audit.step(job.audit.admin, job.audit.entry);
        await summaries.replace(job.summaryId, { content, related, model, kind: content.kind }, audit);
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
        this.deps.workLog?.record({ kind: 'model', outcome: 'failed', cause: failure.code, ...tokens });
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
