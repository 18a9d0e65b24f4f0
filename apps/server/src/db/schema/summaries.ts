import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BOOK_KINDS, FEEDBACK_VOTES, type RelatedBook, type SummaryContent } from '@summa/shared';
import { languageEnum, readerIdColumn, users } from './accounts.js';
import { bookCategoryEnum, books } from './catalog.js';

export const bookKindEnum = pgEnum('book_kind', BOOK_KINDS);
export const feedbackVoteEnum = pgEnum('feedback_vote', FEEDBACK_VOTES);

/**
 * Who wrote a summary: the model (a generation or a translation); Summa's editors, as shipped in
 * data/editorial (the start-up seed keeps it equal to the files); or an editor who changed it in
 * the app afterwards (the seed never overwrites that).
 */
export const SUMMARY_SOURCES = ['model', 'editorial', 'editor'] as const;
export type SummarySource = (typeof SUMMARY_SOURCES)[number];
export const summarySourceEnum = pgEnum('summary_source', SUMMARY_SOURCES);

/** A finished, validated summary: one per norm_key (book and language). */
export const bookSummaries = pgTable(
  'book_summaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    normKey: text('norm_key').notNull(),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    author: text('author').notNull(),
    language: languageEnum('language').notNull(),
    category: bookCategoryEnum('category'),
    kind: bookKindEnum('kind').notNull(),
    content: jsonb('content').$type<SummaryContent>().notNull(),
    related: jsonb('related').$type<RelatedBook[]>().notNull(),
    /** Which provider and model wrote it, for support and re-generation ('editorial' for the editors'). */
    model: text('model').notNull(),
    source: summarySourceEnum('source').notNull().default('model'),
    /** The summary this one was translated from (instant translation); null when generated. */
    translatedFromId: uuid('translated_from_id').references((): AnyPgColumn => bookSummaries.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('book_summaries_norm_key_unique').on(table.normKey),
    // Which translations a summary has (support, and a future re-translation after a fix).
    index('book_summaries_translated_from_idx').on(table.translatedFromId),
    // Explore links a catalogue book to its summary in the reader's language.
    index('book_summaries_book_language_idx').on(table.bookId, table.language),
  ],
);

/** A reader's summaries: the ones they generated or opened (their history). */
export const userSummaries = pgTable(
  'user_summaries',
  {
    userId: readerIdColumn(),
    summaryId: uuid('summary_id')
      .notNull()
      .references(() => bookSummaries.id, { onDelete: 'cascade' }),
    /** When generating it counted against the reader's plan; null when they only opened it. */
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.summaryId] }),
    index('user_summaries_recent_idx').on(table.userId, table.lastSeenAt.desc()),
  ],
);

/**
 * One rating per reader and summary. A comment an admin approves becomes a testimonial on the
 * landing (features/testimonials), and goes with the rating: when the reader deletes their
 * account, the rating and so the testimonial are deleted with it.
 */
export const summaryFeedback = pgTable(
  'summary_feedback',
  {
    /** Names one rating (the admin's testimonial endpoints); the key stays the reader and summary. */
    id: uuid('id').notNull().defaultRandom(),
    userId: readerIdColumn(),
    summaryId: uuid('summary_id')
      .notNull()
      .references(() => bookSummaries.id, { onDelete: 'cascade' }),
    vote: feedbackVoteEnum('vote').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an admin approved the comment for the landing; null while it is not shown. */
    testimonialApprovedAt: timestamp('testimonial_approved_at', { withTimezone: true }),
    /** The admin who approved it (their data, not the reader's: left out of the reader's export). */
    testimonialApprovedBy: uuid('testimonial_approved_by').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.summaryId] }),
    uniqueIndex('summary_feedback_id_unique').on(table.id),
    // The landing's list: the approved ones, newest approval first.
    index('summary_feedback_testimonial_idx')
      .on(table.testimonialApprovedAt.desc())
      .where(sql`${table.testimonialApprovedAt} is not null`),
  ],
);

/** What a reader used of their plan in a calendar month (UTC), counted on the server. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: readerIdColumn(),
    /** YYYY-MM */
    monthKey: text('month_key').notNull(),
    summariesUsed: integer('summaries_used').notNull().default(0),
    audiosUsed: integer('audios_used').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.monthKey] }),
    check('usage_counters_non_negative', sql`${table.summariesUsed} >= 0 and ${table.audiosUsed} >= 0`),
  ],
);

/**
 * A use of the plan held while it is being made (a summary generating): it counts against the
 * month's limit until `heldUntil`, which its holder keeps pushing forward. It is charged into
 * `usage_counters` in the same transaction that delivers what it paid for, or deleted; a holder
 * that dies stops renewing it, and it stops counting within seconds.
 */
export const usageReservations = pgTable(
  'usage_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: readerIdColumn(),
    /** YYYY-MM: the month it counts against, and is charged to. */
    monthKey: text('month_key').notNull(),
    kind: text('kind', { enum: ['summary', 'audio'] }).notNull(),
    /**
     * What the hold pays for (a summary's norm_key, a narration's summary and language): a
     * reader's second request for the same item joins this hold instead of taking another.
     */
    item: text('item'),
    /** How many of the reader's requests share the hold; it ends when the last lets go. */
    holders: integer('holders').notNull().default(1),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('usage_reservations_user_month_idx').on(table.userId, table.monthKey),
    index('usage_reservations_item_idx').on(table.userId, table.kind, table.item),
  ],
);
