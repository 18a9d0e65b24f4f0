import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { rateLimitCounters } from '../../db/schema/index.js';

/**
 * Spends one emission interval of the key's allowance with one atomic upsert on the database
 * clock (instances with skewed clocks still agree), unless that would put the key's
 * `expires_at` (when its full allowance is back) more than a window ahead. Answers undefined
 * when allowed, else the milliseconds until a hit fits again.
 */
export async function spendAllowance(
  db: Database,
  key: string,
  intervalMs: number,
  windowMs: number,
): Promise<number | undefined> {
  const interval = sql`(${intervalMs} * interval '1 millisecond')`;
  const window = sql`(${windowMs} * interval '1 millisecond')`;
  const spent = await db
    .insert(rateLimitCounters)
    .values({ key, expiresAt: sql`now() + ${interval}` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: { expiresAt: sql`greatest(${rateLimitCounters.expiresAt}, now()) + ${interval}` },
      setWhere: sql`greatest(${rateLimitCounters.expiresAt}, now()) + ${interval} - now() <= ${window}`,
    })
    .returning({ key: rateLimitCounters.key });
  if (spent.length > 0) return undefined;
  // Refused: the row was left as it was; read how long until it has room (for Retry-After).
  const [row] = await db
    .select({
      waitMs: sql<number>`(extract(epoch from ${rateLimitCounters.expiresAt} + ${interval} - ${window} - now()) * 1000)::float8`,
    })
    .from(rateLimitCounters)
    .where(eq(rateLimitCounters.key, key));
  return Math.max(1, row?.waitMs ?? intervalMs);
}

/** Rows whose full allowance is back say nothing a missing row would not. */
export async function deleteExpiredCounters(db: Database): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, sql`now()`));
}
