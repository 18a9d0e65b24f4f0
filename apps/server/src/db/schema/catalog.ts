import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BADGES, BOOK_SOURCES, CATEGORIES, LEVELS, type Badge } from '@summa/shared';
import { users } from './accounts.js';

export const bookCategoryEnum = pgEnum('book_category', CATEGORIES);
export const bookLevelEnum = pgEnum('book_level', LEVELS);
export const bookSourceEnum = pgEnum('book_source', BOOK_SOURCES);

/** Who made a book row's last edit: the shipped catalogue's import, or an admin in the app. */
export const BOOK_EDIT_ORIGINS = ['catalog', 'admin'] as const;
export type BookEditOrigin = (typeof BOOK_EDIT_ORIGINS)[number];
export const bookEditOriginEnum = pgEnum('book_edit_origin', BOOK_EDIT_ORIGINS);

/**
 * The search key: every edition title and the author in search normal form (see migration
 * 0001_catalog_search), each wrapped in '|' so that a query can be matched as a whole title
 * ('%|q|%'), a title or author prefix ('%|q%'), a word prefix ('% q%') or a substring.
 * Plain `||` (immutable) rather than concat_ws (only stable), as generated columns require.
 */
const SEARCH_KEY = sql.raw(
  [
    `'|' || summa_search_norm(title) || '|'`,
    `coalesce(summa_search_norm(title_en) || '|', '')`,
    `coalesce(summa_search_norm(title_pt) || '|', '')`,
    `coalesce(summa_search_norm(title_es) || '|', '')`,
    `summa_search_norm(author) || '|'`,
  ].join(' || '),
);

export const books = pgTable(
  'books',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    /** The title in the language of first publication. */
    title: text('title').notNull(),
    /** ISO 639-1 code of the first publication (en, pt, es, de, ja, ...). */
    originalLanguage: text('original_language').notNull(),
    /** Published edition titles; null when no edition under a known title exists. */
    titleEn: text('title_en'),
    titlePt: text('title_pt'),
    titleEs: text('title_es'),
    author: text('author').notNull(),
    year: integer('year'),
    isbn13: text('isbn13'),
    category: bookCategoryEnum('category').notNull(),
    level: bookLevelEnum('level').notNull().default('basic'),
    badges: text('badges')
      .array()
      .$type<Badge[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    trendingScore: smallint('trending_score').notNull().default(0),
    coverUrl: text('cover_url'),
    source: bookSourceEnum('source').notNull().default('catalog'),
    /**
     * The origin of the last edit (made at updated_at). The catalogue import never overwrites
     * a row an admin edited, so a deploy keeps what admins wrote.
     */
    editOrigin: bookEditOriginEnum('edit_origin').notNull().default('catalog'),
    /** The admin who made the last edit; null when the import made it. */
    editedBy: uuid('edited_by').references(() => users.id, { onDelete: 'set null' }),
    searchKey: text('search_key').generatedAlwaysAs(SEARCH_KEY).notNull(),
    /** Each title and the author in search normal form, for prefix matching. */
    titleKey: text('title_key')
      .generatedAlwaysAs(sql`summa_search_norm(title)`)
      .notNull(),
    titleEnKey: text('title_en_key').generatedAlwaysAs(sql`summa_search_norm(title_en)`),
    titlePtKey: text('title_pt_key').generatedAlwaysAs(sql`summa_search_norm(title_pt)`),
    titleEsKey: text('title_es_key').generatedAlwaysAs(sql`summa_search_norm(title_es)`),
    authorKey: text('author_key')
      .generatedAlwaysAs(sql`summa_search_norm(author)`)
      .notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('books_slug_unique').on(table.slug),
    // fastupdate off: rows go straight into the index instead of a pending list that every
    // search would scan until a vacuum (PGlite has no autovacuum).
    index('books_search_key_trgm')
      .using('gin', table.searchKey.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    // Title and author starts: btree range scans for the search box's first, cheapest step.
    index('books_title_key_prefix').on(table.titleKey.op('text_pattern_ops')),
    index('books_title_en_key_prefix').on(table.titleEnKey.op('text_pattern_ops')),
    index('books_title_pt_key_prefix').on(table.titlePtKey.op('text_pattern_ops')),
    index('books_title_es_key_prefix').on(table.titleEsKey.op('text_pattern_ops')),
    index('books_author_key_prefix').on(table.authorKey.op('text_pattern_ops')),
    index('books_category_idx').on(table.category),
    index('books_trending_idx').on(table.trendingScore),
    check('books_trending_score_range', sql`${table.trendingScore} between 0 and 100`),
    check('books_isbn13_format', sql`${table.isbn13} ~ '^97[89][0-9]{10}$'`),
    check(
      'books_has_an_edition',
      sql`${table.titleEn} is not null or ${table.titlePt} is not null or ${table.titleEs} is not null`,
    ),
    check(
      'books_badges_known',
      sql`${table.badges} <@ array[${sql.raw(BADGES.map((b) => `'${b}'`).join(', '))}]::text[]`,
    ),
  ],
);

/** One row per imported data set: lets start-up skip an import whose content is unchanged. */
export const catalogImports = pgTable('catalog_imports', {
  /** 'catalog' for the shipped catalogue, 'editorial' for the editorial library. */
  id: text('id').primaryKey(),
  contentHash: text('content_hash').notNull(),
  /** How many items it held: books, or editorial summaries. */
  bookCount: integer('book_count').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where a book's cover stands: fetched and stored, none to be had (looked up again later), or a failed fetch. */
export const COVER_STATUSES = ['pending', 'fetched', 'missing', 'failed'] as const;
export type CoverStatus = (typeof COVER_STATUSES)[number];
export const coverStatusEnum = pgEnum('cover_status', COVER_STATUSES);

/**
 * A catalogue book's cover, fetched once by ISBN in the background and kept in the storage
 * (features/catalog/covers, ADR 26). When it is fetched, `books.cover_url` names the app's own
 * URL of it. Any instance may fetch; `claimed_until` keeps two from fetching the same one.
 */
export const bookCovers = pgTable(
  'book_covers',
  {
    bookId: uuid('book_id')
      .primaryKey()
      .references(() => books.id, { onDelete: 'cascade' }),
    /** The ISBN the cover is looked up by; a book whose ISBN changes is looked up again. */
    isbn13: text('isbn13').notNull(),
    status: coverStatusEnum('status').notNull().default('pending'),
    /** The stored image (status fetched): `covers/<sha256 prefix>/<sha256>.<jpg|png>`. */
    coverKey: text('cover_key'),
    /** Fetches tried, successful or not; the back-off after a failure grows with it. */
    attempts: smallint('attempts').notNull().default(0),
    /** When the cover may be looked up (again): a failure's back-off, a missing cover's re-check. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** An instance is fetching it until then; a dead instance's claim runs out. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('book_covers_next_attempt_idx').on(table.nextAttemptAt)],
);
