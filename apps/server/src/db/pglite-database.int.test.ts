import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';

/**
 * The embedded database runs each query on this thread. A queue of queries (20 readers on
 * Explore) must not hold up everything else until it is empty: /healthz, timers and new
 * connections get their turn between queries.
 */
describe('the embedded database under a queue of queries', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    await handle.close();
  });

  const heavy = () => handle.db.execute(sql`select count(*) from generate_series(1, 30000)`);

  it('lets the event loop run between queries', async () => {
    await heavy();
    // Counted in queries, not milliseconds, so that a busy machine cannot change the outcome.
    let done = 0;
    let doneWhenTimerFired = Number.POSITIVE_INFINITY;
    setTimeout(() => (doneWhenTimerFired = done), 0);
    await Promise.all(Array.from({ length: 40 }, () => heavy().then(() => (done += 1))));
    // Before: the timer fired only once all 40 queries were done.
    expect(doneWhenTimerFired).toBeLessThan(40);
  });

  it('answers readiness at once, without waiting behind the queue', async () => {
    const queue = Promise.all(Array.from({ length: 40 }, heavy));
    const startedAt = performance.now();
    expect(await handle.ping()).toBe(true);
    const pingMs = performance.now() - startedAt;
    const queueMs = (await queue, performance.now() - startedAt);
    expect(pingMs).toBeLessThan(queueMs / 4);
  });

  it('still runs transactions and reports itself closed', async () => {
    const outcome = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      return 'committed';
    });
    expect(outcome).toBe('committed');
    const other = await openDatabase({ kind: 'pglite' });
    await other.close();
    expect(await other.ping()).toBe(false);
  });
});
