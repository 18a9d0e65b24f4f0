import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { languageEnum, readerIdColumn, users } from './accounts.js';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A reader's XP, streak and counters: one row, created by their first activity and locked by
 * every award (so a reader's awards apply one at a time). `language` mirrors the profile's
 * interface language for the ranking's language scope; `week_start`/`week_xp` hold the weekly
 * scope (XP since Monday 00:00 UTC; a row of an earlier week counts 0).
 */
export const readerProgress = pgTable(
  'reader_progress',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    xp: integer('xp').notNull().default(0),
    language: languageEnum('language').notNull(),
    weekStart: date('week_start').notNull(),
    weekXp: integer('week_xp').notNull().default(0),
    booksRead: integer('books_read').notNull().default(0),
    summariesGenerated: integer('summaries_generated').notNull().default(0),
    audios: integer('audios').notNull().default(0),
    shares: integer('shares').notNull().default(0),
    feedbacks: integer('feedbacks').notNull().default(0),
    streakCurrent: integer('streak_current').notNull().default(0),
    streakLongest: integer('streak_longest').notNull().default(0),
    /** The reader's last active day (a calendar day in their time zone). */
    streakLastDay: date('streak_last_day'),
    streakFreezes: integer('streak_freezes').notNull().default(0),
    /**
     * The level the reader was last told of, when their level has moved since without telling
     * them (a generation's or an audio's achievements reached it); null when they know their level.
     * Their next award announces the level-up (issue 23).
     */
    announcedLevel: smallint('announced_level'),
    /**
     * The day the `today*` counters are about (a calendar day in the reader's time zone); the
     * counters of an earlier day count 0. They measure the daily goal (issue 27): summaries read
     * or generated, seconds of narration listened to, review cards graded.
     */
    todayDay: date('today_day'),
    todaySummaries: integer('today_summaries').notNull().default(0),
    todayListenedSeconds: integer('today_listened_seconds').notNull().default(0),
    todayCards: integer('today_cards').notNull().default(0),
    /** Review cards graded, once per card and day (the achievements' 'reviews'). */
    reviews: integer('reviews').notNull().default(0),
    /** Days in a row with a card graded (no freezes); `review_last_day` the last of them. */
    reviewStreakCurrent: integer('review_streak_current').notNull().default(0),
    reviewStreakLongest: integer('review_streak_longest').notNull().default(0),
    reviewLastDay: date('review_last_day'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reader_progress_xp_idx')
      .on(table.xp.desc(), table.userId)
      .where(sql`${table.xp} > 0`),
    index('reader_progress_language_xp_idx')
      .on(table.language, table.xp.desc(), table.userId)
      .where(sql`${table.xp} > 0`),
    index('reader_progress_week_xp_idx')
      .on(table.weekStart, table.weekXp.desc(), table.userId)
      .where(sql`${table.weekXp} > 0`),
    check('reader_progress_xp_positive', sql`${table.xp} >= 0 and ${table.weekXp} >= 0`),
  ],
);

/**
 * Every XP award, once per reader, event and subject (the primary key is the once-only rule):
 * read_summary, share_summary and feedback_given per summary; audio_generated per summary (its
 * audio is in the summary's language); level_up per level; achievement per achievement key.
 */
export const xpAwards = pgTable(
  'xp_awards',
  {
    userId: readerIdColumn(),
    eventType: text('event_type').notNull(),
    subject: text('subject').notNull(),
    xp: integer('xp').notNull(),
    createdAt,
  },
  (table) => [primaryKey({ columns: [table.userId, table.eventType, table.subject] })],
);

/**
 * What a reader has done that an award or an achievement depends on, once per value: 'audio'
 * (summary ids with an audio the reader got), 'language' and 'category' (of the summaries read).
 */
export const readerFacts = pgTable(
  'reader_facts',
  {
    userId: readerIdColumn(),
    kind: text('kind', { enum: ['audio', 'language', 'category'] }).notNull(),
    value: text('value').notNull(),
    createdAt,
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.value] })],
);

/** Achievements unlocked; `announced_at` is set once the reader has been shown the celebration. */
export const readerAchievements = pgTable(
  'reader_achievements',
  {
    userId: readerIdColumn(),
    key: text('key').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull().defaultNow(),
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

/**
 * How many readers have each XP total, per ranking scope ('global', 'language:pt',
 * 'week:2026-11-23'), spread over a few shards so concurrent awards rarely wait on one row:
 * a reader's rank is 1 + the readers of the scope with more XP, a sum over the XP values above
 * theirs instead of a count over every reader (ADR 0019). Readers with 0 XP are not counted.
 */
export const rankCounts = pgTable(
  'rank_counts',
  {
    scope: text('scope').notNull(),
    xp: integer('xp').notNull(),
    shard: smallint('shard').notNull(),
    readers: integer('readers').notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.xp, table.shard] })],
);
