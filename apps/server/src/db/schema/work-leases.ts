import { primaryKey, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The claim to do one piece of shared work (a summary's generation, an audio's synthesis),
 * shared by every instance: whoever inserts the (scope, key) row, or takes over an expired
 * lease, does the work; the others wait for its result or for `failedCode`. The owner renews
 * the lease while it works.
 */
export const workLeases = pgTable(
  'work_leases',
  {
    /** What kind of work: 'summary' (key: norm_key) or 'audio' (key: summary id and language). */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    ownerId: text('owner_id').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    /** Set when the owner's work failed; waiters report it instead of starting over. */
    failedCode: text('failed_code'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);
