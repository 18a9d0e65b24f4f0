import type { StatusResponse } from '@summa/shared';
import type { Database } from '../../db/database.js';
import type { LlmProvider } from '../../providers/llm/llm-provider.js';
import { databaseAnswers } from './health.repository.js';

/** What the operations endpoints report: the database's readiness and the summary model's state. */
export class HealthService {
  constructor(
    private readonly db: Database,
    private readonly model: Pick<LlmProvider, 'status'>,
  ) {}

  async databaseReady(): Promise<boolean> {
    return databaseAnswers(this.db);
  }

  modelStatus(): StatusResponse {
    return { llm: this.model.status() };
  }
}
