import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PERSON_FIELDS, SOURCE_KINDS } from '@summa/shared';
import { readerIdColumn, users } from './accounts.js';
import { books } from './catalog.js';

export const personFieldEnum = pgEnum('person_field', PERSON_FIELDS);
export const sourceKindEnum = pgEnum('source_kind', SOURCE_KINDS);

/** Who made a person's last change: the shipped data file's import, or an admin on /curation/people. */
export const PERSON_ORIGINS = ['shipped', 'admin'] as const;
export type PersonOrigin = (typeof PERSON_ORIGINS)[number];
export const personOriginEnum = pgEnum('person_origin', PERSON_ORIGINS);

/**
 * A well-known person whose book recommendations the app shows (data/people.json, ADR 0028).
 * Once an admin changed a person (their bio or their shelf), or removed them, the import leaves
 * them as the admin left them: `origin` 'admin'. A removed person stays as a tombstone
 * (`removed_at`), so that a later deploy does not bring them back.
 */
export const people = pgTable(
  'people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    field: personFieldEnum('field').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    bioPt: text('bio_pt').notNull(),
    bioEn: text('bio_en').notNull(),
    bioEs: text('bio_es').notNull(),
    /** The order of the list: the data file's, then people admins added. */
    position: integer('position').notNull(),
    origin: personOriginEnum('origin').notNull().default('shipped'),
    /** The admin who made the last change; null when the import made it. */
    editedBy: uuid('edited_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('people_slug_unique').on(table.slug),
    index('people_listed_idx')
      .on(table.position)
      .where(sql`${table.removedAt} is null`),
    check('people_country_format', sql`${table.country} ~ '^[A-Z]{2}$'`),
  ],
);

/**
 * A book a person recommended, with where and when they said it. The source is required: a pick
 * nobody can check is not shown.
 */
export const personPicks = pgTable(
  'person_picks',
  {
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    sourceKind: sourceKindEnum('source_kind').notNull(),
    sourceTitle: text('source_title').notNull(),
    /** YYYY, YYYY-MM or YYYY-MM-DD: as precise as the source tells. */
    sourceDate: text('source_date').notNull(),
    sourceUrl: text('source_url'),
  },
  (table) => [
    primaryKey({ columns: [table.personId, table.bookId] }),
    index('person_picks_book_idx').on(table.bookId),
    check('person_picks_source_date_format', sql`${table.sourceDate} ~ '^\\d{4}(-\\d{2}(-\\d{2})?)?$'`),
    check('person_picks_source_url_https', sql`${table.sourceUrl} ~ '^https://'`),
  ],
);

/** The books a reader saved to read (from a person's shelf or anywhere a book is shown). */
export const readingList = pgTable(
  'reading_list',
  {
    userId: readerIdColumn(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.bookId] }),
    index('reading_list_user_saved_idx').on(table.userId, table.savedAt.desc()),
  ],
);
