import {
  llmStatusSchema,
  type AdminStatusResponse,
  type LlmStatus,
  type StatusResponse,
} from '@summa/shared';
import type { LRUCache } from 'lru-cache';
import { createMemoryLoader } from '../../cache/memory-cache.js';
import type { Database } from '../../db/database.js';
import type { LlmProvider } from '../../providers/llm/llm-provider.js';
import { clusterModelStatus, MODEL_STATUS_LIVE_MS } from './worker-model-status.js';
import { findLiveWorkerModelStatuses } from './worker-model-status.repository.js';

export interface HealthDeps {
  /** The database layer's own bounded check (a second at most, on a connection of its own). */
  pingDatabase: () => Promise<boolean>;
  model: Pick<LlmProvider, 'status'>;
  /** AMAZON_ASSOCIATE_TAG: the store links' tracking id, shown to the web; undefined: no store links. */
  amazonAssociateTag?: string | undefined;
  /**
   * On a web instance, which never runs the model: the database the workers write what they see
   * of it to (ADR 0042), which the status reports instead of this instance's own, idle model.
   */
  workersDb?: Database;
}

/** What the operations endpoints report: the database's readiness and the summary model's state. */
export class HealthService {
  private readonly workerStatuses: LRUCache<string, LlmStatus[]> | undefined;

  constructor(private readonly deps: HealthDeps) {
    const { workersDb } = deps;
    this.workerStatuses =
      workersDb &&
      createMemoryLoader('workerModelStatus', () =>
        findLiveWorkerModelStatuses(workersDb, MODEL_STATUS_LIVE_MS),
      );
  }

  async databaseReady(): Promise<boolean> {
    return this.deps.pingDatabase();
  }

  /**
   * What anyone may see: the model's state and a download's progress, never the cause (paths,
   * hosts); and the store links' tracking id, which is public in every link anyway.
   */
  async publicStatus(): Promise<StatusResponse> {
    return {
      llm: llmStatusSchema.parse(await this.modelStatus()),
      amazonAssociateTag: this.deps.amazonAssociateTag ?? null,
    };
  }

  /** The same with the cause of a failure, for admins. */
  async adminModelStatus(): Promise<AdminStatusResponse> {
    return { llm: await this.modelStatus() };
  }

  private async modelStatus(): Promise<LlmStatus> {
    const own = this.deps.model.status();
    if (!this.workerStatuses) return own;
    try {
      return clusterModelStatus((await this.workerStatuses.fetch('workers')) ?? [], own);
    } catch {
      // The database is down: readiness says so; the status says what this instance knows.
      return own;
    }
  }
}
