import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import type { Flight } from '../single-flight/flight.js';
import { LeasedFlights } from '../single-flight/leased-flights.js';
import type { JobQueue, JobQueueLog } from './job-queue.js';
import type { ProgressRelay } from './progress-relay.js';
import {
  jobEnvelopeSchema,
  jobMessageSchema,
  relayKey,
  type JobMessage,
  type QueuedWork,
} from './queued-work.js';

export interface JobRunnerDeps {
  /** The lease rows' database (single-flight/work-leases.repository.ts). */
  db: Database;
  log: JobQueueLog;
  queue: JobQueue;
  relay: ProgressRelay;
  /** How long a claim lives without renewal (renewed every third of it); a dead owner frees it this late. */
  leaseMs: number;
  pollMs?: number | undefined;
  /** Whether this process also serves readers (role all): a failure at its shutdown is told to them, as before. */
  alsoWeb: boolean;
}

/**
 * The worker side of a kind of queued work: runs each job in the leased flight of its key, so that
 * two workers, or a retry of a job whose worker died, never do the same work twice, and relays
 * the flight's events to the web instances following the key. A job that fails for the last time
 * (its retries spent, on the dead-letter queue) is told to them as `exhausted`.
 */
export class JobRunner<I, E, R, F> {
  private readonly flights: LeasedFlights<I, E, R, F>;
  /** The jobs this process runs, by relay key. */
  private readonly running = new Map<
    string,
    { flight: Flight<E, R, F>; leave: () => void; replay: () => void }
  >();
  private stopRelay: (() => void) | undefined;
  private closing = false;

  constructor(
    private readonly work: QueuedWork<I, E, R, F>,
    private readonly deps: JobRunnerDeps,
  ) {
    this.flights = new LeasedFlights(
      work,
      { db: deps.db, log: deps.log, leaseMs: deps.leaseMs, pollMs: deps.pollMs },
      work.flightOptions,
    );
  }

  /** Drops every claim of this kind (a single-process database at start); returns how many there were. */
  releaseAll(): Promise<number> {
    return this.flights.releaseAll();
  }

  /** Runs the jobs of the work's queue on this process (roles worker and all), and answers the web side's asks. */
  async start(): Promise<void> {
    this.stopRelay = this.deps.relay.subscribeAll((raw) => {
      const entry = this.running.get(raw.key);
      const message = jobMessageSchema.safeParse(raw);
      if (!entry || !message.success) return;
      if (message.data.t === 'cancel') entry.leave();
      else if (message.data.t === 'sync') entry.replay();
    });
    await this.deps.queue.work(this.work.queue, (data) => this.runJob(data), {
      exhausted: (data, job) => this.exhausted(data, job.log),
    });
  }

  /** Shutdown: running jobs may finish within `graceMs`, the rest fail (or retry elsewhere). */
  async close(graceMs: number): Promise<void> {
    this.closing = true;
    this.stopRelay?.();
    await this.flights.close(graceMs);
  }

  private publish(key: string, message: JobMessage<E, R>): Promise<void> {
    return this.deps.relay
      .publish({ key: relayKey(this.work.scope, key), ...message })
      .catch((error: unknown) => {
        this.deps.log.warn({ err: error, scope: this.work.scope, key }, 'could not relay a job message');
      });
  }

  /** A job that failed for the last time: its followers stop waiting for it. */
  private async exhausted(data: unknown, log: JobQueueLog): Promise<void> {
    const envelope = jobEnvelopeSchema.safeParse(data);
    if (!envelope.success) {
      log.error({ queue: this.work.queue }, 'a job failed for the last time, and its data is unreadable');
      return;
    }
    const { key, ref } = envelope.data;
    log.warn({ queue: this.work.queue, key, ref }, 'a job failed for the last time');
    await this.publish(key, { t: 'exhausted', ref });
  }

  /**
   * Runs one job in the leased flight of its key, relaying its events. A failure is told to the
   * readers and ends the job; a worker stopped mid-job throws instead (role worker), so that the
   * queue gives the job to another worker, whose lease waits out this one's. Data that does not
   * check throws too: it fails for good once its retries are spent.
   */
  private async runJob(data: unknown): Promise<void> {
    const { key, input: raw } = jobEnvelopeSchema.parse(data);
    const input = this.work.input.parse(raw);
    const flight = this.flights.flightFor(key, input);
    const id = relayKey(this.work.scope, key);
    const current = this.running.get(id);
    if (current?.flight === flight) {
      // A second job of a key this process already runs (queued again by a web instance): the
      // first relays the events; this one only waits with it.
      await flight.outcome;
      return;
    }
    const attempt = randomUUID();
    let n = 0;
    let sent: JobMessage<E, R>[] = [];
    const leave = flight.join((event) => {
      const message: JobMessage<E, R> = { t: 'event', a: attempt, n: n++, e: event };
      if (this.work.flightOptions?.restartsAt?.(event)) sent = [];
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
    this.running.set(id, entry);
    try {
      const outcome = await flight.outcome;
      if ('value' in outcome) {
        await this.publish(key, { t: 'done', r: outcome.value });
        return;
      }
      const failure = outcome.failure;
      if (this.work.isCancelled(failure)) {
        await this.publish(key, { t: 'cancelled' });
        return;
      }
      if (this.closing && this.deps.queue.works && !this.deps.alsoWeb) {
        throw new Error('the worker stopped during the job', { cause: failure });
      }
      await this.publish(key, { t: 'failed', code: this.work.codeOf(failure) });
    } finally {
      if (this.running.get(id) === entry) this.running.delete(id);
      leave();
    }
  }
}
