import { llmStatusSchema, type AdminStatusResponse, type StatusResponse } from '@summa/shared';
import type { LlmProvider } from '../../providers/llm/llm-provider.js';

export interface HealthDeps {
  /** The database layer's own bounded check (a second at most, on a connection of its own). */
  pingDatabase: () => Promise<boolean>;
  model: Pick<LlmProvider, 'status'>;
}

/** What the operations endpoints report: the database's readiness and the summary model's state. */
export class HealthService {
  constructor(private readonly deps: HealthDeps) {}

  async databaseReady(): Promise<boolean> {
    return this.deps.pingDatabase();
  }

  /** What anyone may see: the state and a download's progress, never the cause (paths, hosts). */
  modelStatus(): StatusResponse {
    return { llm: llmStatusSchema.parse(this.deps.model.status()) };
  }

  /** The same with the cause of a failure, for admins. */
  adminModelStatus(): AdminStatusResponse {
    return { llm: this.deps.model.status() };
  }
}
