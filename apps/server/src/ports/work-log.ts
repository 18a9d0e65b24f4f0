import type { WorkLogKind, WorkLogOutcome } from '@summa/shared';

/** One line of the usage log (features/admin reads it back as the usage numbers). */
export interface WorkLogEntry {
  kind: WorkLogKind;
  outcome: WorkLogOutcome;
  /** A failure's error code. */
  cause?: string | undefined;
  userId?: string | undefined;
  /** A model run's wall time and tokens, as far as the provider told them. */
  modelMs?: number | undefined;
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
}

/**
 * Where the summaries and audio features note what readers asked for and how it ended, and the
 * model's runs (implemented by features/admin). Written before the answer (one small insert), so
 * that what a request wrote is done when it is answered; never rejects: a line that cannot be
 * written is logged and lost.
 */
export interface WorkLog {
  record(entry: WorkLogEntry): Promise<void>;
}
