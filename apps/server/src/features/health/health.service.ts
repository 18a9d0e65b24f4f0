import { llmStatusSchema, type AdminStatusResponse, type StatusResponse } from '@summa/shared';
import type { LlmProvider } from '../../providers/llm/llm-provider.js';

/** What the operations endpoints report: the database's readiness and the summary model's state. */
export class HealthService {
  constructor(
    /** The database layer's own bounded check (a second at most, on a connection of its own). */
    private readonly pingDatabase: () => Promise<boolean>,
    private readonly model: Pick<LlmProvider, 'status'>,
  ) {}

  async databaseReady(): Promise<boolean> {
    return this.pingDatabase();
  }

  /** What anyone may see: the state and a download's progress, never the cause (paths, hosts). */
  modelStatus(): StatusResponse {
    return { llm: llmStatusSchema.parse(this.model.status()) };
  }

  /** The same with the cause of a failure, for admins. */
  adminModelStatus(): AdminStatusResponse {
    return { llm: this.model.status() };
  }
}
