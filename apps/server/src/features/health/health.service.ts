import { llmStatusSchema, type AdminStatusResponse, type StatusResponse } from '@summa/shared';
import type { LlmProvider } from '../../providers/llm/llm-provider.js';

export interface HealthDeps {
  /** The database layer's own bounded check (a second at most, on a connection of its own). */
  pingDatabase: () => Promise<boolean>;
  model: Pick<LlmProvider, 'status'>;
  /** AMAZON_ASSOCIATE_TAG: the store links' tracking id, shown to the web; undefined: no store links. */
  amazonAssociateTag?: string | undefined;
}

/** What the operations endpoints report: the database's readiness and the summary model's state. */
export class HealthService {
  constructor(private readonly deps: HealthDeps) {}

  async databaseReady(): Promise<boolean> {
    return this.deps.pingDatabase();
  }

  /**
   * What anyone may see: the model's state and a download's progress, never the cause (paths,
   * hosts); and the store links' tracking id, which is public in every link anyway.
   */
  publicStatus(): StatusResponse {
    return {
      llm: llmStatusSchema.parse(this.deps.model.status()),
      amazonAssociateTag: this.deps.amazonAssociateTag ?? null,
    };
  }

  /** The same with the cause of a failure, for admins. */
  adminModelStatus(): AdminStatusResponse {
    return { llm: this.deps.model.status() };
  }
}
