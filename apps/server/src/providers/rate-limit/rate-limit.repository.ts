import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { rateLimitCounters } from '../../db/schema/index.js';
import type { WindowCount } from './rate-limit-store.js';

/**
 * Counts one hit in the key's current window with one atomic upsert. Windows are aligned on the
 * database clock, so instances with skewed clocks still share them; a row whose window has
 * passed starts again at 1.
 */
export async function hitCounter(db: Database, key: string, windowSeconds: number): Promise<WindowCount> {
  const windowStart = sql`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`;
  const windowEnd = sql`to_timestamp((floor(extract(epoch from now()) / ${windowSeconds}) + 1) * ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, hits: 1, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when rate_limit_counters.window_start = excluded.window_start
          then rate_limit_counters.hits + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
        expiresAt: sql`excluded.expires_at`,
      },
    })
    .returning({
      hits: rateLimitCounters.hits,
      resetInSeconds: sql<number>`ceil(extract(epoch from ${rateLimitCounters.expiresAt} - now()))::int`,
    });
  if (!row) throw new Error('rate-limit counter not stored');
  return row;
}

export async function deleteExpiredCounters(db: Database): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, sql`now()`));
}
