import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { languageEnum, users } from './accounts.js';

/**
 * A message sent through the contact page (spec §3: name, email, message), kept whether or not
 * CONTACT_TO has it mailed to the team. A signed-in sender's message is theirs: it is in their
 * export, and goes with their account (LGPD: the name, e-mail and words are personal data the
 * reader asked us to erase).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The signed-in sender; null for a visitor. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** The language of the page it was sent from (the request's Accept-Language). */
    language: languageEnum('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an admin marked it handled; null while it waits. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt.desc()),
    index('contact_messages_user_idx').on(table.userId),
  ],
);
