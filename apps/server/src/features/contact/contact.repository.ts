import { eq } from 'drizzle-orm';
import type { Language } from '@summa/shared';
import type { Database } from '../../db/database.js';
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
