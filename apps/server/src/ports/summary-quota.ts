import type { Usage } from '@summa/shared';
import type { Database } from '../db/database.js';

/** One summary of a reader's month, held while it is being made. */
export interface SummaryReservation {
  readonly id: string;
  readonly userId: string;
  readonly monthKey: string;
}

/**
 * The plan's monthly summary counter: implemented by features/usage, bound in app.ts, used by
 * the summaries feature. A reservation counts against the limit only while its holder renews it
 * (a crashed process stops renewing, and within seconds it counts no more); it is charged only in
 * the transaction that delivers the summary to the reader.
 */
export interface SummaryQuota {
  /** This month's use: charged summaries plus the ones held right now. */
  usage(userId: string): Promise<Usage>;
  /** Holds one summary; undefined when the plan's monthly limit is reached. */
  reserveSummary(userId: string): Promise<SummaryReservation | undefined>;
  /** Keeps a reservation counting (its generation is still running). */
  renewSummary(reservation: SummaryReservation): Promise<void>;
  /**
   * Runs `deliver` in a transaction and, when it says the reader got a summary they did not have,
   * charges the reservation in that same transaction; the hold ends either way.
   */
  chargeSummary(
    reservation: SummaryReservation,
    deliver: (tx: Database) => Promise<boolean>,
  ): Promise<boolean>;
  /** Gives a reservation back (the generation failed, or the reader left). */
  releaseSummary(reservation: SummaryReservation): Promise<void>;
  /** How long a reservation counts without renewal. */
  readonly holdMs: number;
}
