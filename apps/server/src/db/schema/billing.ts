import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { readerIdColumn, users } from './accounts.js';

/** Stripe webhook events already applied, by id: a replay changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Premium given by an admin, with who and when; a revoked grant stays as a record. */
export const premiumGrants = pgTable(
  'premium_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: readerIdColumn(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    // At most one grant in force per reader.
    uniqueIndex('premium_grants_active_unique')
      .on(table.userId)
      .where(sql`${table.revokedAt} is null`),
    index('premium_grants_user_idx').on(table.userId),
  ],
);
