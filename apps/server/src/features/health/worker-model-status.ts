import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LlmState, LlmStatus } from '@summa/shared';
import type { Database } from '../../db/database.js';
import type { LlmProvider } from '../../providers/llm/llm-provider.js';
import { removeWorkerModelStatus, saveWorkerModelStatus } from './worker-model-status.repository.js';

/** How often a worker looks at its model's state: a change is written within this. */
export const MODEL_STATUS_CHECK_MS = 1_000;
/** A worker writes its state at least this often while it lives, changed or not. */
export const MODEL_STATUS_HEARTBEAT_MS = 10_000;
/** A row not written for this long is a worker that stopped without removing it (killed). */
export const MODEL_STATUS_LIVE_MS = 30_000;

/** Which worker's view readers are shown: the one closest to answering. */
const CLOSENESS: Record<LlmState, number> = { ready: 4, loading: 3, downloading: 2, error: 1, idle: 0 };

/**
 * The model's state for the whole cluster: ready if any worker's model is, else the furthest
 * along (of two downloads, the one nearer its end); an error only when every live worker failed.
 * `own` (the web instance's, which never loads the model) stands when no worker is live.
 */
export function clusterModelStatus(workers: readonly LlmStatus[], own: LlmStatus): LlmStatus {
  let best: LlmStatus | undefined;
  for (const status of workers) {
    const closer =
      !best ||
      CLOSENESS[status.state] > CLOSENESS[best.state] ||
      (status.state === best.state && (status.downloadProgress ?? 0) > (best.downloadProgress ?? 0));
    if (closer) best = status;
  }
  return best ?? own;
}

export interface WorkerModelStatusDeps {
  db: Database;
  model: Pick<LlmProvider, 'status'>;
  log: FastifyBaseLogger;
}

/**
 * A worker's side (ADR 0042): writes what its model's state is when it changes and every
 * MODEL_STATUS_HEARTBEAT_MS, and removes it when the worker stops. A failed write is logged and
 * retried at the next check; the worker's work does not depend on it.
 */
export class WorkerModelStatusPublisher {
  private readonly workerId = randomUUID();
  private written = '';
  private writtenAt = 0;
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly deps: WorkerModelStatusDeps) {}

  start(): void {
    this.check();
    this.timer = setInterval(() => this.check(), MODEL_STATUS_CHECK_MS);
    this.timer.unref();
  }

  /** Stops writing and removes the worker's row, once the last write is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.writing;
    try {
      await removeWorkerModelStatus(this.deps.db, this.workerId);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'the model state of this worker could not be removed');
    }
  }

  private check(): void {
    const status = this.deps.model.status();
    const text = JSON.stringify(status);
    if (text === this.written && Date.now() - this.writtenAt < MODEL_STATUS_HEARTBEAT_MS) return;
    // Marked written now, so the checks while it is written do not write it again.
    this.written = text;
    this.writtenAt = Date.now();
    this.writing = this.writing.then(async () => {
      if (this.stopped) return;
      try {
        await saveWorkerModelStatus(this.deps.db, this.workerId, status);
      } catch (error) {
        this.written = '';
        this.deps.log.warn({ err: error }, 'the model state of this worker could not be written');
      }
    });
  }
}
