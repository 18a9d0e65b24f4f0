import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import type { UpkeepTasks } from './upkeep.js';

/** How long a lapsed lease or hold stays (a failed lease tells late waiters its failure meanwhile). */
const LAPSED_KEPT = sql`interval '10 minutes'`;
/** Weekly rankings older than this are no longer shown. */
const WEEKS_KEPT = 5;

/** How many rows a statement touched (both drivers answer with `rowCount`). */
const touched = (result: unknown) => (result as { rowCount?: number | null }).rowCount ?? 0;
/** PGlite answers with `affectedRows`. */
const changed = (result: unknown) =>
  touched(result) || ((result as { affectedRows?: number }).affectedRows ?? 0);

export function databaseUpkeep(db: Database, audioLeftovers: () => Promise<number>): UpkeepTasks {
  return {
    async leases() {
      const leases = await db.execute(
        sql`delete from work_leases where lease_until < now() - ${LAPSED_KEPT}`,
      );
      const holds = await db.execute(
        sql`delete from usage_reservations where held_until < now() - ${LAPSED_KEPT}`,
      );
      return changed(leases) + changed(holds);
    },
    async rankCounts() {
      const removed = await db.execute(sql`
        delete from rank_counts
         where scope like 'week:%'
           and scope < 'week:' || to_char(date_trunc('week', now()) - make_interval(weeks => ${WEEKS_KEPT}), 'YYYY-MM-DD')`);
      return changed(removed);
    },
    audioLeftovers,
  };
}
