import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { readerIdColumn, users } from './accounts.js';

/**
 * A reader's daily reminder (issue 27): off until they turn it on. `minute` is the local time of
 * day (0–1439) in `time_zone` (IANA, checked against Intl's zones); `days` a bit per weekday,
 * Monday bit 0 … Sunday bit 6.
 */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    minute: smallint('minute').notNull(),
    days: smallint('days').notNull(),
    timeZone: text('time_zone').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reminder_settings_enabled_idx')
      .on(table.userId)
      .where(sql`${table.enabled}`),
    check('reminder_settings_minute_range', sql`${table.minute} between 0 and 1439`),
    check('reminder_settings_days_range', sql`${table.days} between 0 and 127`),
  ],
);

/**
 * One reminder per reader and local day, claimed before it is sent (the primary key is the
 * at-most-once rule: a second worker's insert does nothing). `sent_at` stays null when the send
 * failed or the worker died mid-send: that day's reminder is then never sent (ADR 0035).
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    userId: readerIdColumn(),
    localDate: date('local_date').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.localDate] })],
);

/** A browser's Web Push subscription (its push service's endpoint and keys), one row per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: readerIdColumn(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);
