import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { bookSummaries, summaryGenerations } from '../../../db/schema/index.js';
import type { SummaryRecord } from '../summaries.repository.js';

// A generation's writes: the lease on its norm_key (one generation per key across instances)
// and the finished summary, stored together with the lease's release.

/** A summary to store: a stored one's fields less those the database gives it, plus its model. */
export type NewSummary = Omit<SummaryRecord, 'id' | 'coverUrl' | 'createdAt'> & { model: string };

/**
 * Stores a finished summary and lets go of the generation claim, together. Should the key
 * already have a summary (a lease taken over after it expired), that one stays and is returned.
 */
export async function storeSummary(db: Database, summary: NewSummary, ownerId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(bookSummaries)
      .values(summary)
      .onConflictDoNothing({ target: bookSummaries.normKey })
      .returning({ id: bookSummaries.id });
    await tx
      .delete(summaryGenerations)
      .where(and(eq(summaryGenerations.normKey, summary.normKey), eq(summaryGenerations.ownerId, ownerId)));
    if (inserted) return inserted.id;
    const [existing] = await tx
      .select({ id: bookSummaries.id })
      .from(bookSummaries)
      .where(eq(bookSummaries.normKey, summary.normKey));
    if (!existing) throw new Error('summary vanished while it was being stored');
    return existing.id;
  });
}

const leaseEnd = (leaseMs: number): SQL => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

/** Claims the key when nobody holds a live lease on it; true when this owner now holds it. */
export async function claimGeneration(db: Database, normKey: string, ownerId: string, leaseMs: number) {
  const [row] = await db
    .insert(summaryGenerations)
    .values({ normKey, ownerId, leaseUntil: leaseEnd(leaseMs), failedCode: null })
    .onConflictDoUpdate({
      target: summaryGenerations.normKey,
      set: { ownerId, leaseUntil: leaseEnd(leaseMs), failedCode: null, updatedAt: sql`now()` },
      setWhere: sql`${summaryGenerations.leaseUntil} < now()`,
    })
    .returning({ ownerId: summaryGenerations.ownerId });
  return row?.ownerId === ownerId;
}

export async function renewGeneration(db: Database, normKey: string, ownerId: string, leaseMs: number) {
  await db
    .update(summaryGenerations)
    .set({ leaseUntil: leaseEnd(leaseMs), updatedAt: sql`now()` })
    .where(and(eq(summaryGenerations.normKey, normKey), eq(summaryGenerations.ownerId, ownerId)));
}

/** Records why the owner's generation failed, for its waiters, and frees the key at once. */
export async function failGeneration(db: Database, normKey: string, ownerId: string, code: string) {
  await db
    .update(summaryGenerations)
    .set({ failedCode: code, leaseUntil: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(summaryGenerations.normKey, normKey), eq(summaryGenerations.ownerId, ownerId)));
}

export async function releaseGeneration(db: Database, normKey: string, ownerId: string) {
  await db
    .delete(summaryGenerations)
    .where(and(eq(summaryGenerations.normKey, normKey), eq(summaryGenerations.ownerId, ownerId)));
}

export interface GenerationClaim {
  ownerId: string;
  live: boolean;
  failedCode: string | null;
}

export async function findGeneration(db: Database, normKey: string): Promise<GenerationClaim | undefined> {
  const [row] = await db
    .select({
      ownerId: summaryGenerations.ownerId,
      live: sql<boolean>`${summaryGenerations.leaseUntil} >= now()`,
      failedCode: summaryGenerations.failedCode,
    })
    .from(summaryGenerations)
    .where(eq(summaryGenerations.normKey, normKey));
  return row;
}

/** Drops every lease (a single-process database at start: their owners are gone); returns how many. */
export async function releaseAllGenerations(db: Database): Promise<number> {
  const rows = await db.delete(summaryGenerations).returning({ normKey: summaryGenerations.normKey });
  return rows.length;
}
