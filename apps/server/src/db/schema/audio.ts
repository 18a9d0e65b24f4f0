import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { languageEnum, readerIdColumn } from './accounts.js';
import { bookSummaries } from './summaries.js';

/**
 * One part of a summary's narration (spec: book_audio). A synthesis writes each part's row
 * before its file (`complete` false), so whoever cleans up after a failed or dead synthesis
 * knows every file it may have left; the last step marks all the parts complete at once, and
 * only complete parts are ever served.
 */
export const bookAudio = pgTable(
  'book_audio',
  {
    bookSummaryId: uuid('book_summary_id')
      .notNull()
      .references(() => bookSummaries.id, { onDelete: 'cascade' }),
    language: languageEnum('language').notNull(),
    /** 1-based, in reading order. */
    part: integer('part').notNull(),
    /** The storage path (a generated key); readers get a signed URL for it. */
    audioUrl: text('audio_url').notNull(),
    durationMs: integer('duration_ms').notNull(),
    bytes: integer('bytes').notNull(),
    provider: text('provider').notNull(),
    voice: text('voice').notNull(),
    complete: boolean('complete').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.bookSummaryId, table.language, table.part] }),
    index('book_audio_incomplete_idx')
      .on(table.createdAt)
      .where(sql`${table.complete} = false`),
    check('book_audio_part_positive', sql`${table.part} >= 1`),
  ],
);

/**
 * The audios a reader got (generated, or reused at no cost): the once-per-user, summary and
 * language rule of the `audio_generated` event.
 */
export const userAudios = pgTable(
  'user_audios',
  {
    userId: readerIdColumn(),
    bookSummaryId: uuid('book_summary_id')
      .notNull()
      .references(() => bookSummaries.id, { onDelete: 'cascade' }),
    language: languageEnum('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.bookSummaryId, table.language] })],
);
