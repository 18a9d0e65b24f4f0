import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LlmStatus } from '@summa/shared';

/**
 * The summary model's state as each worker sees it (ADR 0042): web instances never run the model,
 * so they report the cluster's from here. A worker writes its row when the state changes and
 * every few seconds while it lives, and removes it when it stops; a row not written lately is a
 * worker that died.
 */
export const workerModelStatus = pgTable('worker_model_status', {
  workerId: text('worker_id').primaryKey(),
  status: jsonb('status').$type<LlmStatus>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
