import { gt, eq, sql } from 'drizzle-orm';
import type { LlmStatus } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { workerModelStatus } from '../../db/schema/index.js';

/** Writes a worker's view of the model, stamped now. */
export async function saveWorkerModelStatus(
  db: Database,
  workerId: string,
  status: LlmStatus,
): Promise<void> {
  await db
    .insert(workerModelStatus)
    .values({ workerId, status })
    .onConflictDoUpdate({ target: workerModelStatus.workerId, set: { status, updatedAt: sql`now()` } });
}

export async function removeWorkerModelStatus(db: Database, workerId: string): Promise<void> {
  await db.delete(workerModelStatus).where(eq(workerModelStatus.workerId, workerId));
}

/** What the workers that wrote within `withinMs` (on the database's clock) see of the model. */
export async function findLiveWorkerModelStatuses(db: Database, withinMs: number): Promise<LlmStatus[]> {
  const rows = await db
    .select({ status: workerModelStatus.status })
    .from(workerModelStatus)
    .where(gt(workerModelStatus.updatedAt, sql`now() - make_interval(secs => ${withinMs / 1000})`))
    .orderBy(workerModelStatus.workerId);
  return rows.map((row) => row.status);
}
