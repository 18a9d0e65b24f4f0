import { and, eq, gt, sql } from 'drizzle-orm';
import type { PlanType } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { usageCounters, userSubscriptions } from '../../db/schema/index.js';

export async function findPlan(db: Database, userId: string): Promise<PlanType> {
  const [row] = await db
    .select({ plan: userSubscriptions.plan })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .limit(1);
  return row?.plan ?? 'free';
}

export async function findUsage(
  db: Database,
  userId: string,
  monthKey: string,
): Promise<{ summariesUsed: number; audiosUsed: number }> {
  const [row] = await db
    .select({ summariesUsed: usageCounters.summariesUsed, audiosUsed: usageCounters.audiosUsed })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.monthKey, monthKey)))
    .limit(1);
  return row ?? { summariesUsed: 0, audiosUsed: 0 };
}

/**
 * Counts one summary unless `limit` is reached, in one statement: concurrent callers are
 * serialised on the row, so at most `limit` of them ever succeed. Returns the new count, or
 * undefined when the limit was already reached. A null limit counts without a ceiling.
 */
export async function incrementSummaries(
  db: Database,
  userId: string,
  monthKey: string,
  limit: number | null,
): Promise<number | undefined> {
  const [row] = await db
    .insert(usageCounters)
    .values({ userId, monthKey, summariesUsed: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.monthKey],
      set: { summariesUsed: sql`${usageCounters.summariesUsed} + 1` },
      setWhere: limit === null ? undefined : sql`${usageCounters.summariesUsed} < ${limit}`,
    })
    .returning({ summariesUsed: usageCounters.summariesUsed });
  return row?.summariesUsed;
}

/** Gives back one counted summary (a generation that failed or was cancelled). */
export async function decrementSummaries(db: Database, userId: string, monthKey: string): Promise<void> {
  await db
    .update(usageCounters)
    .set({ summariesUsed: sql`${usageCounters.summariesUsed} - 1` })
    .where(
      and(
        eq(usageCounters.userId, userId),
        eq(usageCounters.monthKey, monthKey),
        gt(usageCounters.summariesUsed, 0),
      ),
    );
}
