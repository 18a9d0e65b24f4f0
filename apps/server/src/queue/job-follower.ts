import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { closeFlights, Flight, type FlightOutcome } from '../single-flight/flight.js';
import { findLease } from '../single-flight/work-leases.repository.js';
import type { JobQueue, JobQueueLog } from './job-queue.js';
import type { ProgressRelay } from './progress-relay.js';
import {
  jobMessageSchema,
  relayKey,
  type JobEnvelope,
  type JobMessage,
  type QueuedWork,
} from './queued-work.js';

export interface JobFollowerDeps {
  /** Where the lease of a key is looked up (a worker that died mid-job). */
  db: Database;
  log: JobQueueLog;
  queue: JobQueue;
  relay: ProgressRelay;
}

/** How often a web instance looks for the stored result itself, in case a notification was lost. */
const FALLBACK_POLL_MS = 1_000;

type Ended<R, F> = FlightOutcome<R, F> | 'again';

/**
 * The web side of a kind of queued work: one flight per key shared by this instance's requests,
 * which queues a job and passes on its worker's events (through the relay) until the result is
 * stored or the work failed. A web-role process never does the work itself.
 */
export class JobFollower<I, E, R, F> {
  private readonly followed = new Map<string, Flight<E, R, F>>();

  constructor(
    private readonly work: QueuedWork<I, E, R, F>,
    private readonly deps: JobFollowerDeps,
  ) {}

  /**
   * The running work of `key` followed by this instance, or a new one doing `input`, queued for
   * the request `requestId` (the worker's lines for its job name it).
   */
  flightFor(key: string, input: I, requestId?: string): Flight<E, R, F> {
    const current = this.followed.get(key);
    if (current?.joinable) return current;
    const flight = new Flight<E, R, F>(
      (self) => this.follow(self, key, input, requestId),
      this.work.flightOptions,
    );
    this.followed.set(key, flight);
    void flight.outcome.finally(() => {
      if (this.followed.get(key) === flight) this.followed.delete(key);
    });
    return flight;
  }

  /** Shutdown: followed flights may finish within `graceMs`, then their readers are told it failed. */
  close(graceMs: number): Promise<void> {
    return closeFlights(this.followed.values(), graceMs);
  }

  private publish(key: string, message: JobMessage<E, R>): void {
    this.deps.relay.publish({ key: relayKey(this.work.scope, key), ...message }).catch((error: unknown) => {
      this.deps.log.warn({ err: error, scope: this.work.scope, key }, 'could not relay a job message');
    });
  }

  /**
   * Queues the job (or joins the one of its key), then passes on its worker's events. A job
   * cancelled by another instance's readers leaving is queued again while this one's still wait;
   * a job that failed for the last time ends the flight at once.
   */
  private async follow(
    flight: Flight<E, R, F>,
    key: string,
    input: I,
    requestId: string | undefined,
  ): Promise<FlightOutcome<R, F>> {
    const { relay, queue, log } = this.deps;
    const work = this.work;
    let attempt: string | undefined;
    let last = -1;
    let round = 0;
    let ref = '';
    let requeuedFor: string | undefined;
    let settle: (outcome: Ended<R, F>) => void = () => undefined;
    const unsubscribe = relay.subscribe(relayKey(work.scope, key), (raw) => {
      const parsed = jobMessageSchema.safeParse(raw);
      if (!parsed.success) return;
      // The worker that sent it runs the same work: its event and result are this work's.
      const message = parsed.data as JobMessage<E, R>;
      if (message.t === 'event') {
        if (message.a !== attempt) {
          attempt = message.a;
          last = -1;
        }
        if (message.n <= last) return;
        last = message.n;
        flight.emit(message.e);
      } else if (message.t === 'done') settle({ value: message.r });
      else if (message.t === 'failed') settle({ failure: work.fromStoredCode(message.code) });
      else if (message.t === 'cancelled') settle('again');
      else if (message.t === 'exhausted' && message.ref === ref) {
        settle({ failure: work.brokeDown(new Error('the job failed for the last time')) });
      }
    });
    const onAbort = () => settle('again');
    flight.signal.addEventListener('abort', onAbort);
    try {
      for (;;) {
        if (flight.signal.aborted) break;
        const ended = new Promise<Ended<R, F>>((resolve) => {
          settle = resolve;
        });
        // The request looked for it just before; a second round may find it.
        const done = round++ > 0 ? await work.findDone(key, input) : undefined;
        if (done !== undefined) return { value: done };
        ref = randomUUID();
        await queue.send(work.queue, { key, ref, input } satisfies JobEnvelope, { requestId });
        const sentAttempt = attempt;
        // A worker already on it replays what this instance missed.
        this.publish(key, { t: 'sync' });
        let poll: NodeJS.Timeout | undefined;
        // The stored result, and the lease, looked up now and then: a lost notification costs a
        // second, and a worker that died mid-job (its events stopped, its lease lapsed) is replaced
        // by queuing the job again, which the next worker takes over at once.
        const lookedUp = new Promise<Ended<R, F>>((resolve) => {
          const look = async () => {
            const value = await work.findDone(key, input);
            if (value !== undefined) {
              resolve({ value });
              return;
            }
            const lease = await findLease(this.deps.db, { scope: work.scope, key });
            if (attempt !== sentAttempt && lease?.failedCode) {
              resolve({ failure: work.fromStoredCode(lease.failedCode) });
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
      if (!flight.shuttingDown) this.publish(key, { t: 'cancel' });
      return { failure: work.stopped(flight.shuttingDown) };
    } catch (error) {
      log.error({ err: error, scope: work.scope, key }, 'could not queue a job');
      return { failure: work.brokeDown(error) };
    } finally {
      flight.signal.removeEventListener('abort', onAbort);
      unsubscribe();
    }
  }
}
