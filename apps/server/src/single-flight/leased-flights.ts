import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { closeFlights, Flight, type FlightOptions, type FlightOutcome } from './flight.js';
import {
  claimLease,
  failLease,
  findLease,
  releaseAllLeases,
  releaseLease,
  renewLease,
} from './work-leases.repository.js';

export interface LeasedFlightsLog {
  warn(o: object, m: string): void;
  error(o: object, m: string): void;
}

/** How a kind of work is done, found, and how its failures are told. */
export interface LeasedWork<I, E, R, F> {
  /** The lease table's scope of this kind of work ('summary', 'audio'). */
  scope: string;
  /** The result someone already stored for `key` (this instance or another), if any. */
  findDone(key: string, input: I): Promise<R | undefined>;
  /** Does the work on `input` while this instance holds the lease; throws on failure. */
  perform(flight: Flight<E, R, F>, key: string, input: I): Promise<R>;
  /**
   * What a thrown error means: a failure to tell the readers and the code recorded for other
   * instances' waiters, or `cancelled` (nobody is told; the key is freed for another owner).
   */
  classify(error: unknown): { failure: F; code: string } | { cancelled: F };
  /** The failure another instance recorded (its code). */
  fromStoredCode(code: string): F;
  /** The outcome of work that stopped: cancelled when every reader left, a failure at shutdown. */
  stopped(shuttingDown: boolean, cause?: unknown): F;
  /** Something broke outside the work itself (the lease's database, say). */
  brokeDown(cause: unknown): F;
}

export interface LeasedFlightsOptions {
  db: Database;
  log: LeasedFlightsLog;
  /** How long a claim lives without renewal (renewed every third of it); a dead owner frees it this late. */
  leaseMs: number;
  /** How often a request waiting on another instance's work looks for its result. */
  pollMs?: number | undefined;
}

/** Short, renewed often: a claim whose owner died is taken over within seconds. */
export const DEFAULT_LEASE_MS = 6_000;

/**
 * Single flight for one kind of work: requests of this process share a `Flight` per key;
 * instances share the lease row (work_leases), renewed while the owner works. Whoever waits on
 * another instance polls for its stored result or its recorded failure, and takes over a lease
 * whose owner died.
 */
export class LeasedFlights<I, E, R, F> {
  private readonly flights = new Map<string, Flight<E, R, F>>();
  private readonly pollMs: number;

  constructor(
    private readonly work: LeasedWork<I, E, R, F>,
    private readonly options: LeasedFlightsOptions,
    private readonly flightOptions: FlightOptions<E> = {},
  ) {
    this.pollMs = options.pollMs ?? 250;
  }

  /** The running flight of `key`, or a new one working on `input`. */
  flightFor(key: string, input: I): Flight<E, R, F> {
    const current = this.flights.get(key);
    if (current?.joinable) return current;
    const flight = new Flight<E, R, F>((self) => this.fly(self, key, input), this.flightOptions);
    this.flights.set(key, flight);
    void flight.outcome.finally(() => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    });
    return flight;
  }

  /** Shutdown: lets running work finish within `graceMs`, then stops the rest (their readers are told it failed). */
  close(graceMs: number): Promise<void> {
    return closeFlights(this.flights.values(), graceMs);
  }

  /** Drops every claim of this kind (a single-process database at start); returns how many there were. */
  async releaseAll(): Promise<number> {
    return releaseAllLeases(this.options.db, this.work.scope);
  }

  private stopped(flight: Flight<E, R, F>, cause?: unknown): FlightOutcome<R, F> {
    return { failure: this.work.stopped(flight.shuttingDown, cause) };
  }

  private async fly(flight: Flight<E, R, F>, key: string, input: I): Promise<FlightOutcome<R, F>> {
    const { db, log, leaseMs } = this.options;
    const lease = { scope: this.work.scope, key };
    const ownerId = randomUUID();
    try {
      for (;;) {
        if (flight.signal.aborted) return this.stopped(flight);
        if (await claimLease(db, lease, ownerId, leaseMs)) {
          // The work may have finished between this request's cache lookup and its claim.
          const done = await this.work.findDone(key, input);
          if (done === undefined) return await this.perform(flight, key, input, ownerId);
          await releaseLease(db, lease, ownerId);
          return { value: done };
        }
        const outcome = await this.waitForOtherInstance(flight, key, input);
        if (outcome) return outcome;
      }
    } catch (error) {
      log.error({ err: error, scope: lease.scope, key }, 'single-flight work broke down');
      return { failure: this.work.brokeDown(error) };
    }
  }

  /** Works, then releases; a failure is recorded on the lease row for other instances' waiters. */
  private async perform(
    flight: Flight<E, R, F>,
    key: string,
    input: I,
    ownerId: string,
  ): Promise<FlightOutcome<R, F>> {
    const { db, log, leaseMs } = this.options;
    const lease = { scope: this.work.scope, key };
    const renewal = setInterval(() => {
      renewLease(db, lease, ownerId, leaseMs).catch((error: unknown) =>
        log.warn({ err: error, ...lease }, 'could not renew a work lease'),
      );
    }, leaseMs / 3);
    try {
      const value = await this.work.perform(flight, key, input);
      await releaseLease(db, lease, ownerId);
      return { value };
    } catch (error) {
      const verdict = this.work.classify(error);
      if ('cancelled' in verdict) {
        // Another instance may take the key over at once.
        await releaseLease(db, lease, ownerId);
        return this.stopped(flight, verdict.cancelled);
      }
      await failLease(db, lease, ownerId, verdict.code);
      return { failure: verdict.failure };
    } finally {
      clearInterval(renewal);
    }
  }

  /** Follows another instance's work on `key`; undefined when its claim is gone or dead. */
  private async waitForOtherInstance(
    flight: Flight<E, R, F>,
    key: string,
    input: I,
  ): Promise<FlightOutcome<R, F> | undefined> {
    const lease = { scope: this.work.scope, key };
    while (!flight.signal.aborted) {
      const done = await this.work.findDone(key, input);
      if (done !== undefined) return { value: done };
      const claim = await findLease(this.options.db, lease);
      if (claim?.failedCode) return { failure: this.work.fromStoredCode(claim.failedCode) };
      if (!claim?.live) return undefined;
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
    return this.stopped(flight);
  }
}
