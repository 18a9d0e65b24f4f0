import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { bookSummaries } from '../../../db/schema/index.js';
import { upsertFromExcluded } from '../../../db/upsert.js';
import type { NewSummary } from '../generation/generation.repository.js';

/** What a seed did to the editorial summaries it was given. */
export interface EditorialSeedCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Summaries an editor changed in the app: left as they are, whatever the files say. */
  kept: number;
  /** Summaries the model had written under an editorial key, moved aside for the editors' own. */
  replaced: number;
}

/** The shipped columns of an editorial summary: a seed rewrites its row only when one of them changed. */
const editorialUpsert = upsertFromExcluded(bookSummaries, [
  'bookId',
  'title',
  'author',
  'category',
  'content',
  'related',
]);

/**
 * Writes the editorial summaries, matched by norm_key, in one transaction:
 * - a summary the model wrote under one of their keys moves aside (its key gets the suffix
 *   `#replaced-<id>`): the readers who have it keep it, with its narration, and every generation
 *   from now on finds the editors' summary under the key;
 * - new ones are inserted; shipped ones whose text or facts changed are updated (ids kept);
 * - one an editor changed in the app (source 'editor') is never overwritten.
 */
export async function seedEditorialSummaries(
  db: Database,
  summaries: readonly NewSummary[],
): Promise<EditorialSeedCounts> {
  if (summaries.length === 0) return { inserted: 0, updated: 0, unchanged: 0, kept: 0, replaced: 0 };
  const keys = summaries.map((summary) => summary.normKey);
  return db.transaction(async (tx) => {
    const replaced = await tx
      .update(bookSummaries)
      .set({ normKey: sql`${bookSummaries.normKey} || '#replaced-' || ${bookSummaries.id}` })
      .where(and(inArray(bookSummaries.normKey, keys), eq(bookSummaries.source, 'model')))
      .returning({ id: bookSummaries.id });
    const changed = await tx
      .insert(bookSummaries)
      .values(summaries.map((summary) => ({ ...summary, source: 'editorial' as const })))
      .onConflictDoUpdate({
        target: bookSummaries.normKey,
        set: editorialUpsert.set,
        setWhere: sql`${bookSummaries.source} = 'editorial' and ${editorialUpsert.changed}`,
      })
      // xmax is 0 only on a freshly inserted row version.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    const inserted = changed.filter((row) => row.inserted).length;
    const updated = changed.length - inserted;
    const [edited] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(bookSummaries)
      .where(and(inArray(bookSummaries.normKey, keys), eq(bookSummaries.source, 'editor')));
    const kept = edited?.count ?? 0;
    return {
      inserted,
      updated,
      unchanged: summaries.length - inserted - updated - kept,
      kept,
      replaced: replaced.length,
    };
  });
}
