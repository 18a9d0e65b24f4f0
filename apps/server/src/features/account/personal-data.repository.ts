import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.js';
import { mailOutbox, orphanedFiles, profiles, users } from '../../db/schema/index.js';

/**
 * A table's rows of the reader in the export: those whose `column` is the reader's id, under
 * `key`, with `omit` left out (secrets), or only `pick` (rows that are not the reader's own,
 * such as a catalogue book they edited as an admin).
 */
export interface ExportedRows {
  key: string;
  table: string;
  column: string;
  omit?: readonly string[];
  pick?: readonly string[];
}

/**
 * Every table that holds rows of a reader (ADR 0023). The account feature is the one place that
 * reads across the schema, so that nothing a reader left can be forgotten: account-export.int.test
 * fails when the database catalogue shows a reference to users that is neither here nor in
 * `NOT_EXPORTED`.
 */
export const EXPORTED_ROWS: readonly ExportedRows[] = [
  { key: 'users', table: 'users', column: 'id', omit: ['password_hash'] },
  { key: 'profiles', table: 'profiles', column: 'id' },
  { key: 'user_signups', table: 'user_signups', column: 'user_id' },
  { key: 'user_identities', table: 'user_identities', column: 'user_id' },
  { key: 'auth_sessions', table: 'auth_sessions', column: 'user_id' },
  {
    key: 'email_confirmation_tokens',
    table: 'email_confirmation_tokens',
    column: 'user_id',
    omit: ['token_hash'],
  },
  { key: 'password_reset_tokens', table: 'password_reset_tokens', column: 'user_id', omit: ['token_hash'] },
  // The plan and Stripe's ids and statuses: payments are made on Stripe, no card data is held here.
  { key: 'user_subscriptions', table: 'user_subscriptions', column: 'user_id' },
  // Which admin acted is the admin's data, not the reader's.
  { key: 'premium_grants', table: 'premium_grants', column: 'user_id', omit: ['granted_by', 'revoked_by'] },
  // As an admin: grants given or revoked to others (who received them is theirs).
  {
    key: 'premium_grants_given',
    table: 'premium_grants',
    column: 'granted_by',
    pick: ['id', 'granted_at'],
  },
  {
    key: 'premium_grants_revoked',
    table: 'premium_grants',
    column: 'revoked_by',
    pick: ['id', 'revoked_at'],
  },
  { key: 'books_edited', table: 'books', column: 'edited_by', pick: ['id', 'slug', 'title', 'updated_at'] },
  { key: 'user_summaries', table: 'user_summaries', column: 'user_id' },
  // Which admin approved a comment for the landing is the admin's data, not the reader's.
  {
    key: 'summary_feedback',
    table: 'summary_feedback',
    column: 'user_id',
    omit: ['testimonial_approved_by'],
  },
  // As an admin: the readers' comments approved for the landing (whose words they are is theirs).
  {
    key: 'testimonials_approved',
    table: 'summary_feedback',
    column: 'testimonial_approved_by',
    pick: ['id', 'testimonial_approved_at'],
  },
  { key: 'user_audios', table: 'user_audios', column: 'user_id' },
  { key: 'usage_counters', table: 'usage_counters', column: 'user_id' },
  { key: 'usage_reservations', table: 'usage_reservations', column: 'user_id' },
  { key: 'reader_progress', table: 'reader_progress', column: 'user_id' },
  { key: 'xp_awards', table: 'xp_awards', column: 'user_id' },
  { key: 'reader_facts', table: 'reader_facts', column: 'user_id' },
  { key: 'reader_achievements', table: 'reader_achievements', column: 'user_id' },
  // Messages sent through the contact page while signed in (a visitor's have no account to go with).
  { key: 'contact_messages', table: 'contact_messages', column: 'user_id', omit: ['handled_by'] },
  // As an admin: the messages they marked handled (what others wrote is theirs).
  {
    key: 'contact_messages_handled',
    table: 'contact_messages',
    column: 'handled_by',
    pick: ['id', 'handled_at'],
  },
  // As an admin: their actions (on whom is left out: it names others).
  { key: 'admin_actions', table: 'admin_audit', column: 'admin_id', pick: ['id', 'action', 'created_at'] },
  // Summaries an admin removed, as they stay in the reader's history.
  { key: 'removed_summary_entries', table: 'removed_summary_entries', column: 'user_id' },
  // What the reader asked for and how it ended (the admin's usage numbers).
  { key: 'work_log', table: 'work_log', column: 'user_id' },
  { key: 'reading_list', table: 'reading_list', column: 'user_id' },
  // The review cards' schedules and today's listening, toward the daily goal (ADR 0033).
  { key: 'review_cards', table: 'review_cards', column: 'user_id' },
  { key: 'listening_log', table: 'listening_log', column: 'user_id' },
  // The daily reminder and the days it was sent (ADR 0035).
  { key: 'reminder_settings', table: 'reminder_settings', column: 'user_id' },
  { key: 'reminder_sends', table: 'reminder_sends', column: 'user_id' },
  // The browsers that get it as a notification; their encryption keys are left out.
  { key: 'push_subscriptions', table: 'push_subscriptions', column: 'user_id', omit: ['p256dh', 'auth'] },
  // As an admin: the people they last changed or removed on /curation/people.
  { key: 'people_edited', table: 'people', column: 'edited_by', pick: ['id', 'slug', 'name', 'updated_at'] },
];

/**
 * References to users that the export leaves out, each with its reason. (refresh_tokens refer to
 * sessions, not users: they are hashes and times, and the sessions are exported.)
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  'oauth_handoffs.user_id': 'a one-time code hash of a Google sign-in in progress, spent within seconds',
};

function rowsOf(entry: ExportedRows, userId: string): SQL {
  const table = sql.identifier(entry.table);
  const column = sql.identifier(entry.column);
  const row = entry.pick
    ? sql`(select jsonb_object_agg(field.key, field.value) from jsonb_each(to_jsonb(t)) field
           where field.key in (${sql.join(
             entry.pick.map((name) => sql`${name}`),
             sql`, `,
           )}))`
    : entry.omit?.length
      ? sql`to_jsonb(t) - array[${sql.join(
          entry.omit.map((name) => sql`${name}`),
          sql`, `,
        )}]::text[]`
      : sql`to_jsonb(t)`;
  return sql`(select coalesce(jsonb_agg(${row}), '[]'::jsonb) from ${table} t where t.${column} = ${userId})`;
}

/**
 * The reader's rows of every exported table, by key, in one statement (one snapshot); undefined
 * when the account does not exist.
 */
export async function readPersonalData(
  db: Database,
  userId: string,
): Promise<Record<string, Record<string, unknown>[]> | undefined> {
  const pairs = EXPORTED_ROWS.map((entry) => sql`${entry.key}::text, ${rowsOf(entry, userId)}`);
  const [row] = await db
    .select({
      tables: sql<Record<string, Record<string, unknown>[]>>`jsonb_build_object(${sql.join(pairs, sql`, `)})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.tables;
}

/**
 * Deletes the account in one transaction: `within` runs first (what other features keep outside
 * the account's rows), then the avatar's file is recorded as orphaned, the mail held for the
 * reader's address goes, and the users row goes with everything that cascades from it (summaries
 * and audio are shared and stay; references from them and from admins' records become null).
 * Answers the avatar's key to remove once committed, or undefined when there was no such account.
 */
export async function deleteAccount(
  db: Database,
  userId: string,
  within: (tx: Transaction, email: string) => Promise<void>,
): Promise<{ avatarKey: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: users.email, avatarKey: profiles.avatarKey })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, userId))
      .for('update', { of: users });
    if (!account) return undefined;
    await within(tx, account.email);
    if (account.avatarKey) {
      await tx.insert(orphanedFiles).values({ key: account.avatarKey }).onConflictDoNothing();
    }
    await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.recipient}) = lower(${account.email})`);
    await tx.delete(users).where(eq(users.id, userId));
    return { avatarKey: account.avatarKey };
  });
}

/** Stored files whose owner is gone, oldest first. */
export async function findOrphanedFiles(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: orphanedFiles.key })
    .from(orphanedFiles)
    .orderBy(orphanedFiles.createdAt)
    .limit(limit);
  return rows.map((row) => row.key);
}

/** The file is removed: its record goes. */
export async function forgetOrphanedFile(db: Database, key: string): Promise<void> {
  await db.delete(orphanedFiles).where(eq(orphanedFiles.key, key));
}
