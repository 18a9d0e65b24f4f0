import type { Usage } from '@summa/shared';

/** A summary counted against a reader's month, which `refundSummary` gives back. */
export interface SummaryReservation {
  readonly userId: string;
  readonly monthKey: string;
}

/**
 * The plan's monthly summary counter: implemented by features/usage, bound in app.ts, used by
 * the summaries feature before and after a generation.
 */
export interface SummaryQuota {
  usage(userId: string): Promise<Usage>;
  /** Counts one summary; undefined when the plan's monthly limit is reached. */
  reserveSummary(userId: string): Promise<SummaryReservation | undefined>;
  refundSummary(reservation: SummaryReservation): Promise<void>;
}
