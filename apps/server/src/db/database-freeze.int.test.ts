import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { errorResponseSchema } from '@summa/shared';
import { sql } from 'drizzle-orm';
import type { App } from '../app.js';
import type { DatabaseHandle } from './database.js';
import { isDatabaseUnavailable } from './database-unavailable.js';
import {
  closeThenRemove,
  startScratchPostgresCluster,
  type ScratchPostgresCluster,
} from '../test/scratch-postgres-cluster.js';
import { startAppOnPostgres } from '../test/test-app.js';

/**
 * A frozen PostgreSQL (postmaster and backends stopped by SIGSTOP: connections are accepted by
 * the kernel but nothing ever answers). Every wait is bounded: /readyz answers within a second,
 * data routes within their time-outs, and all is well again once the server thaws.
 */
describe('a frozen PostgreSQL', () => {
  const timeouts = { connectMs: 1_000, statementMs: 1_000 };
  /** The statement time-out, the client's grace after it, and slack for a loaded machine. */
  const dataBoundMs = timeouts.statementMs + 500 + 1_500;
  let cluster: ScratchPostgresCluster;
  let database: DatabaseHandle;
  let app: App;
  // Closed in reverse order, however far the setup got.
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    cluster = await startScratchPostgresCluster();
    ({ database, app } = await startAppOnPostgres(cluster.url, { poolSize: 2, timeouts }, closers));
  }, 60_000);

  afterAll(() => closeThenRemove(cluster, closers));

  const timed = async (request: InjectOptions) => {
    const startedAt = performance.now();
    const response = await app.inject(request);
    return { response, ms: performance.now() - startedAt };
  };
  const search: InjectOptions = { method: 'GET', url: '/api/catalog/books?q=mind' };

  it('answers /readyz within a second and data routes within the time-out, then recovers', async () => {
    expect((await app.inject(search)).statusCode).toBe(200);
    await cluster.freeze();
    try {
      // A saturated pool: more searches in flight than it has connections.
      const stuck = [1, 2, 3].map(() => timed(search));
      const ready = await timed({ method: 'GET', url: '/readyz' });
      expect(ready.response.statusCode).toBe(503);
      expect(ready.ms).toBeLessThan(1_000);

      for (const { response, ms } of await Promise.all(stuck)) {
        expect(response.statusCode, response.body).toBe(503);
        expect(errorResponseSchema.parse(response.json()).error.code).toBe('DATABASE_UNAVAILABLE');
        expect(ms).toBeLessThan(dataBoundMs * 2);
      }
      const again = await timed(search);
      expect(again.response.statusCode).toBe(503);
      expect(again.ms).toBeLessThan(dataBoundMs);
      expect((await timed({ method: 'GET', url: '/healthz' })).ms).toBeLessThan(200);
    } finally {
      await cluster.thaw();
    }

    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const search200 = await app.inject(search);
    expect(search200.statusCode, search200.body).toBe(200);
  }, 20_000);

  it('gives back every connection of a transaction that could not begin', async () => {
    await cluster.freeze();
    try {
      const begins = [1, 2].map(() => database.db.transaction(async (tx) => tx.execute(sql`select 1`)));
      for (const outcome of await Promise.allSettled(begins)) {
        expect(outcome.status).toBe('rejected');
        if (outcome.status === 'rejected') expect(isDatabaseUnavailable(outcome.reason)).toBe(true);
      }
    } finally {
      await cluster.thaw();
    }
    // Both connections at once: each transaction waits until the other has begun, which only
    // works if the pool has all its connections again.
    let arrived = 0;
    let allArrived: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => (allArrived = resolve));
    const holdTogether = () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        if (++arrived === 2) allArrived();
        await barrier;
      });
    await Promise.all([holdTogether(), holdTogether()]);
    expect(arrived).toBe(2);
  }, 20_000);
});
