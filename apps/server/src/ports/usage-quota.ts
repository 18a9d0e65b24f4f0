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
  /** This request shares a hold the reader already had for the same item (another tab). */
  readonly joined: boolean;
}

/** What `charge` did. */
export interface Charge {
  /** The reader got something new, and the reservation was charged for it. */
  delivered: boolean;
  /** This month's use once the charge (or the let-go) is done, as `usage` would read it. */
  usage: Usage;
}

export interface ReserveOptions {
  /**
   * What the hold pays for (a summary's norm_key, a narration's `summaryId:language`). The reader's
   * requests for the same item share one hold, and so one unit; without an item, none is shared.
   */
  item?: string;
  /**
   * Fair use, run for a new hold only (a request that joins the reader's hold is not counted
   * twice): throwing refuses the request, and the hold is given back. Until it has passed, the
   * reader's other requests for the item wait rather than join a hold that may yet be refused.
   */
  admit?: (() => Promise<void>) | undefined;
}

/**
 * The plan's monthly counters: implemented by features/usage, bound in composition.ts, used by the
 * summaries and audio features. A reservation counts against the limit only while its holder
 * renews it (a crashed process stops renewing, and within seconds it counts no more); it is
 * charged only in the transaction that delivers what it paid for to the reader.
 */
export interface UsageQuota {
  /** This month's use: charged units plus the ones held right now. */
  usage(userId: string): Promise<Usage>;
  /**
   * Holds one unit of `kind`, or joins the reader's live hold of the same item; undefined when the
   * plan's monthly limit for it is reached. Rejects with what `admit` threw.
   */
  reserve(userId: string, kind: UsageKind, options?: ReserveOptions): Promise<UsageReservation | undefined>;
  /** Keeps a reservation counting (its work is still running). */
  renew(reservation: UsageReservation): Promise<void>;
  /**
   * Runs `deliver` in a transaction and, when it says the reader got something they did not have,
   * charges the reservation in that same transaction and ends the hold for every request sharing
   * it (they find the item delivered and are charged nothing); otherwise lets go as `release`.
   * Answers whether it charged, and the month's use right after (what the reader's answer shows).
   */
  charge(reservation: UsageReservation, deliver: (tx: Database) => Promise<boolean>): Promise<Charge>;
  /** Gives a reservation back (the work failed, or the reader left); a shared hold ends with its last holder. */
  release(reservation: UsageReservation): Promise<void>;
  /** How long a reservation counts without renewal. */
  readonly holdMs: number;
}
