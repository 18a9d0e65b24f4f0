import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { bookSummaries } from '../../../db/schema/index.js';
import type { SummaryRecord } from '../summaries.repository.js';

// A generation's write: the finished summary (its lease is single-flight/work-leases.repository.ts).

/**
 * A summary the model wrote, to store: a stored one's fields less those the database gives it
 * (its source is 'model'), plus its model and, for a translation, the summary it was translated from.
 */
export type NewSummary = Omit<SummaryRecord, 'id' | 'coverUrl' | 'isbn13' | 'source' | 'createdAt'> & {
  model: string;
  translatedFromId?: string | null;
};

/** Stores a finished summary. Should the key already have one (a lease taken over after it expired), that one stays and is returned. */
export async function storeSummary(db: Database, summary: NewSummary): Promise<string> {
  const [inserted] = await db
    .insert(bookSummaries)
    .values(summary)
    .onConflictDoNothing({ target: bookSummaries.normKey })
    .returning({ id: bookSummaries.id });
  if (inserted) return inserted.id;
  const [existing] = await db
    .select({ id: bookSummaries.id })
    .from(bookSummaries)
    .where(eq(bookSummaries.normKey, summary.normKey));
  if (!existing) throw new Error('summary vanished while it was being stored');
  return existing.id;
}
