import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REVIEW_CARD_KINDS } from '@summa/shared';
import { userSummaries } from './summaries.js';

/**
 * A reader's review card (issue 27): one item of a summary in their history (`kind` and
 * `position` name it in the summary's content; its words are read from the summary, so an
 * editor's fix shows at once) with its FSRS schedule (ts-fsrs's Card). The card goes with the
 * history row: a summary that leaves the reader's history, or that an admin removes, takes its
 * cards with it (ADR 0033).
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    summaryId: uuid('summary_id').notNull(),
    kind: text('kind', { enum: REVIEW_CARD_KINDS }).notNull(),
    /** 0-based index in the content's list (keyIdeas, actions, characters, themes). */
    position: smallint('position').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull().defaultNow(),
    stability: real('stability').notNull().default(0),
    difficulty: real('difficulty').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs's State: 0 New, 1 Learning, 2 Review, 3 Relearning. */
    state: smallint('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.userId, table.summaryId],
      foreignColumns: [userSummaries.userId, userSummaries.summaryId],
      name: 'review_cards_history_fk',
    }).onDelete('cascade'),
    uniqueIndex('review_cards_item_unique').on(table.userId, table.summaryId, table.kind, table.position),
    index('review_cards_due_idx').on(table.userId, table.due),
    check('review_cards_position_valid', sql`${table.position} >= 0`),
  ],
);

/**
 * Seconds of a narration a reader listened to on a day (their time zone), as the player reported
 * them: counted toward the daily goal up to the narration's duration per day and the time since
 * the reader's last report. Only today's rows are kept; a reader's report deletes older ones.
 */
export const listeningLog = pgTable(
  'listening_log',
  {
    userId: uuid('user_id').notNull(),
    summaryId: uuid('summary_id').notNull(),
    day: date('day').notNull(),
    seconds: integer('seconds').notNull().default(0),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.summaryId, table.day] }),
    foreignKey({
      columns: [table.userId, table.summaryId],
      foreignColumns: [userSummaries.userId, userSummaries.summaryId],
      name: 'listening_log_history_fk',
    }).onDelete('cascade'),
  ],
);
