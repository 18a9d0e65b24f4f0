import type { Database } from '../../../db/database.js';
import type { Flight } from '../../../single-flight/flight.js';
import { QUEUES, type JobQueue } from '../../../queue/job-queue.js';
import { JobFollower } from '../../../queue/job-follower.js';
import { JobRunner } from '../../../queue/job-runner.js';
import type { ProgressRelay } from '../../../queue/progress-relay.js';
import type { QueuedWork } from '../../../queue/queued-work.js';
import type { SummariesService } from '../summaries.service.js';
import {
  asGenerationFailure,
  GenerationCancelled,
  GenerationError,
  type GenerationFailure,
} from './generation-error.js';
import { generateSummary, type SummaryGenerationDeps } from './summary-generation.js';
import { summaryJobSchema, type SummaryJob } from './summary-job.js';
import type { WriterEvent } from './summary-writer.js';

export type { GenerationLog } from './summary-generation.js';
export { regenerationKey, type SummaryJob } from './summary-job.js';

export interface FlightsDeps extends SummaryGenerationDeps {
  /** The lease rows' database (single-flight/work-leases.repository.ts). */
  db: Database;
  /** Where a flight finds a key's stored summary and stores the one it made. */
  summaries: Pick<SummariesService, 'findIdByKey' | 'store' | 'replace'>;
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

/** One summary's generation, shared by the requests that want it: its events, its summary id, its failure. */
export type GenerationFlight = Flight<WriterEvent, string, GenerationFailure>;

/**
 * One generation per norm_key, across requests and instances. The web side (`flightFor`,
 * queue/job-follower.ts) queues a job per norm_key and follows it through the relay; the worker
 * side (`work`, queue/job-runner.ts) runs each job in a leased flight, so that two workers, or a
 * retry of a job whose worker died, never generate the same summary twice, and a stored summary
 * is never made again.
 */
export class GenerationFlights {
  private readonly follower: JobFollower<SummaryJob, WriterEvent, string, GenerationFailure>;
  private readonly runner: JobRunner<SummaryJob, WriterEvent, string, GenerationFailure>;

  constructor(deps: FlightsDeps) {
    const work: QueuedWork<SummaryJob, WriterEvent, string, GenerationFailure> = {
      queue: QUEUES.summary,
      scope: 'summary',
      input: summaryJobSchema,
      flightOptions: {
        // A retry starts the sections over: late joiners must not see the abandoned ones.
        restartsAt: (event) => event.type === 'progress' && event.step === 'summarize',
        // A late joiner needs only the model's latest state, not every 1% of a download.
        replaces: (event, previous) => event.type === 'model' && previous.type === 'model',
      },
      // A regeneration's key is its own (regenerationKey): the stored summary is what it replaces.
      findDone: (key, job) =>
        job.kind === 'regenerate' ? Promise.resolve(undefined) : deps.summaries.findIdByKey(key),
      perform: (flight, key, job) => generateSummary(deps, flight, key, job),
      classify: (error) => {
        const failure = asGenerationFailure(error);
        return failure instanceof GenerationCancelled
          ? { cancelled: failure }
          : { failure, code: failure.code };
      },
      isCancelled: (failure) => failure instanceof GenerationCancelled,
      codeOf: (failure) => (failure instanceof GenerationError ? failure.code : 'GENERATION_FAILED'),
      fromStoredCode: (code) => GenerationError.fromStoredCode(code),
      stopped: (shuttingDown, cause) =>
        shuttingDown
          ? new GenerationError('GENERATION_FAILED', { cause })
          : new GenerationCancelled({ cause }),
      brokeDown: (cause) => new GenerationError('GENERATION_FAILED', { cause }),
    };
    this.follower = new JobFollower(work, deps);
    this.runner = new JobRunner(work, deps);
  }

  /** The running generation or translation of `key` followed by this instance, or a new one doing `job`. */
  flightFor(key: string, job: SummaryJob, requestId?: string): GenerationFlight {
    return this.follower.flightFor(key, job, requestId);
  }

  /** Shutdown of the web side: followed flights may finish within `graceMs`, then their readers are told it failed. */
  close(graceMs: number): Promise<void> {
    return this.follower.close(graceMs);
  }

  /** Drops every generation claim (a single-process database at start); returns how many there were. */
  releaseAll(): Promise<number> {
    return this.runner.releaseAll();
  }

  /** The worker side (roles worker and all): runs the summary jobs, and answers the web side's asks. */
  work(): Promise<void> {
    return this.runner.start();
  }

  /** Shutdown of the worker side: running jobs may finish within `graceMs`, the rest fail (or retry elsewhere). */
  closeWorker(graceMs: number): Promise<void> {
    return this.runner.close(graceMs);
  }
}
