import { desc, eq, sql } from 'drizzle-orm';
import type { AdminContactMessage, Language } from '@summa/shared';
import type { Database, Transaction } from '../../db/database.js';
import { contactMessages } from '../../db/schema/index.js';

export interface NewContactMessage {
  userId: string | null;
  name: string;
  email: string;
  message: string;
  language: Language;
}

/** Stores a message; answers its id. */
export async function insertContactMessage(db: Database, message: NewContactMessage): Promise<string> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message not stored');
  return row.id;
}

/** Removes a message the team never received (its mail failed): the sender is told to send it again. */
export async function deleteContactMessage(db: Database, id: string): Promise<void> {
  await db.delete(contactMessages).where(eq(contactMessages.id, id));
}

const INBOX_LIMIT = 200;

/** The inbox: the waiting messages first, then the handled ones, newest first in each. */
export async function listContactMessages(db: Database): Promise<AdminContactMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(sql`${contactMessages.handledAt} is not null`, desc(contactMessages.createdAt))
    .limit(INBOX_LIMIT);
  return rows.map(inboxView);
}

/** Marks a message handled (a second time keeps the first); undefined for no such message. */
export async function markContactMessageHandled(
  tx: Transaction,
  id: string,
  adminId: string,
): Promise<AdminContactMessage | undefined> {
  const [row] = await tx
    .update(contactMessages)
    .set({
      handledAt: sql`coalesce(${contactMessages.handledAt}, now())`,
      handledBy: sql`coalesce(${contactMessages.handledBy}, ${adminId}::uuid)`,
    })
    .where(eq(contactMessages.id, id))
    .returning();
  return row && inboxView(row);
}

function inboxView(row: typeof contactMessages.$inferSelect): AdminContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}
