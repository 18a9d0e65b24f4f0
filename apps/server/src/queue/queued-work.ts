import { z } from 'zod';
import type { FlightOptions } from '../single-flight/flight.js';
import type { LeasedWork } from '../single-flight/leased-flights.js';
import type { QueueName } from './job-queue.js';

/**
 * A kind of model or speech work run as queue jobs (ADR 0031): the leased single flight of its
 * key on the worker (`LeasedWork`), plus what the web side needs to queue it and follow it.
 */
export interface QueuedWork<I, E, R, F> extends LeasedWork<I, E, R, F> {
  queue: QueueName;
  /** Checks a job's input on the worker (a job is JSON, stored in `pgboss.job` on PostgreSQL). */
  input: z.ZodType<I>;
  flightOptions?: FlightOptions<E> | undefined;
  /** Whether a flight's failure is a cancellation (every reader left), which is not told as a failure. */
  isCancelled(failure: F): boolean;
  /** The code a failure travels as to the web instances (back through `fromStoredCode`). */
  codeOf(failure: F): string;
}

/** A job's data: the work's key, what to do, and a reference the web side knows the job by. */
export const jobEnvelopeSchema = z.object({
  key: z.string().min(1),
  /** Unique per send: a job that failed for the last time is told to the web side by it. */
  ref: z.string().min(1),
  input: z.unknown(),
});
export type JobEnvelope = z.infer<typeof jobEnvelopeSchema>;

/**
 * The relay's messages about one key (worker to web: `event`, `done`, `failed`, `cancelled`,
 * `exhausted`; web to worker: `cancel`, `sync`). Events carry their attempt and a number: a web
 * instance that asks for a replay (`sync`) drops what it already had.
 */
export type JobMessage<E, R> =
  | { t: 'event'; a: string; n: number; e: E }
  | { t: 'done'; r: R }
  | { t: 'failed'; code: string }
  | { t: 'cancelled' }
  /** The job `ref` failed for the last time (its retries are spent): nobody works on it any more. */
  | { t: 'exhausted'; ref: string }
  | { t: 'cancel' }
  | { t: 'sync' };

/** What the relay's receivers check of a message before trusting it as a `JobMessage` of their work. */
export const jobMessageSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('event'), a: z.string(), n: z.number().int(), e: z.unknown() }),
  z.object({ t: z.literal('done'), r: z.unknown() }),
  z.object({ t: z.literal('failed'), code: z.string() }),
  z.object({ t: z.literal('cancelled') }),
  z.object({ t: z.literal('exhausted'), ref: z.string() }),
  z.object({ t: z.literal('cancel') }),
  z.object({ t: z.literal('sync') }),
]);

/** The relay key of `key` in the lease scope `scope` (a summary's norm_key and a narration's key never meet). */
export const relayKey = (scope: string, key: string) => `${scope}:${key}`;
