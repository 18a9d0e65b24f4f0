import type { Usage } from '@summa/shared';
import type { Database } from '../db/database.js';

/** What a plan counts per month: summaries and audios (each audio of a summary in a language). */
export type UsageKind = 'summary' | 'audio';

/** One unit of a reader's month (a summary or an audio), held while it is being made. */
export interface UsageReservation {
  readonly id: string;
  readonly userId: string;
  readonly monthKey: string;
  readonly kind: UsageKind;
}

/**
 * The plan's monthly counters: implemented by features/usage, bound in app.ts, used by the
 * summaries and audio features. A reservation counts against the limit only while its holder
 * renews it (a crashed process stops renewing, and within seconds it counts no more); it is
 * charged only in the transaction that delivers what it paid for to the reader.
 */
export interface UsageQuota {
  /** This month's use: charged units plus the ones held right now. */
  usage(userId: string): Promise<Usage>;
  /** Holds one unit of `kind`; undefined when the plan's monthly limit for it is reached. */
  reserve(userId: string, kind: UsageKind): Promise<UsageReservation | undefined>;
  /** Keeps a reservation counting (its work is still running). */
  renew(reservation: UsageReservation): Promise<void>;
  /**
   * Runs `deliver` in a transaction and, when it says the reader got something they did not have,
   * charges the reservation in that same transaction; the hold ends either way.
   */
  charge(reservation: UsageReservation, deliver: (tx: Database) => Promise<boolean>): Promise<boolean>;
  /** Gives a reservation back (the work failed, or the reader left). */
  release(reservation: UsageReservation): Promise<void>;
  /** How long a reservation counts without renewal. */
  readonly holdMs: number;
}
