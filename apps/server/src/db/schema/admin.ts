import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ADMIN_ACTIONS, WORK_LOG_KINDS, WORK_LOG_OUTCOMES } from '@summa/shared';
import { languageEnum, readerIdColumn, users } from './accounts.js';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Every admin action (ADR 0030): who, what, when, on whom. Written in the transaction of the
 * action itself, so an action that fails leaves no row and one that commits always has its row.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The admin; null once their account is gone (the e-mail stays, for the record). */
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    action: text('action', { enum: ADMIN_ACTIONS }).notNull(),
    /** What it was done to: a reader's, summary's, message's or feedback's id. */
    targetId: text('target_id'),
    /** A readable name of the target at the time (an e-mail, a title), kept after it is gone. */
    targetLabel: text('target_label'),
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>(),
    createdAt,
  },
  (table) => [index('admin_audit_created_idx').on(table.createdAt.desc())],
);

/**
 * A summary an admin removed, as it stays in the history of each reader who had it: the title,
 * and when they had last seen it (the history's order).
 */
export const removedSummaryEntries = pgTable(
  'removed_summary_entries',
  {
    userId: readerIdColumn(),
    /** The removed summary's id (the row is gone, so no reference). */
    summaryId: uuid('summary_id').notNull(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    language: languageEnum('language').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.summaryId] })],
);

/**
 * One row per reader request for a summary or an audio (delivered from the store, made, or failed
 * and why), and per model run (its time and tokens): the admin's usage numbers.
 */
export const workLog = pgTable(
  'work_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: WORK_LOG_KINDS }).notNull(),
    outcome: text('outcome', { enum: WORK_LOG_OUTCOMES }).notNull(),
    /** A failure's error code. */
    cause: text('cause'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    modelMs: integer('model_ms'),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    createdAt,
  },
  (table) => [index('work_log_created_idx').on(table.createdAt)],
);
