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
 * model's runs (implemented by features/admin). Noting a line never waits and never throws: lines
 * are written together within a moment of the answer, and one that cannot be written is logged
 * and lost.
 */
export interface WorkLog {
  record(entry: WorkLogEntry): void;
}
