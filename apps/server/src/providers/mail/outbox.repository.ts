import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { mailOutbox } from '../../db/schema/index.js';
import type { MailMessage } from './mail-provider.js';

export async function insertOutboxMessage(db: Database, message: MailMessage): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ recipient: message.to, subject: message.subject, body: message.text })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox message not stored');
  return row.id;
}

/** Messages stored for one recipient, oldest first (for operators and tests). */
export async function listOutboxMessages(
  db: Database,
  recipient: string,
): Promise<(MailMessage & { id: string; createdAt: Date })[]> {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.recipient,
      subject: mailOutbox.subject,
      text: mailOutbox.body,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient))
    .orderBy(asc(mailOutbox.createdAt));
}
