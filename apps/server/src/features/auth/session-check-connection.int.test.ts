import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { bearer, signUpTestUser } from '../../test/test-users.js';

/** Any constant: the lock the test's blockers hold until it lets them go. */
const BLOCKING_LOCK = 91_482_337;
const POOL_SIZE = 5;

/**
 * ADR 41: the session check has a connection of its own on PostgreSQL, so a signed-in request
 * whose answer needs nothing else from the database does not queue behind a saturated pool.
 * (The embedded database has one connection by design: nothing to test there.)
 */
describe.runIf(TEST_DATABASES.includes('postgres'))('the session check on PostgreSQL', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp('postgres', {
      extend: (app) => {
        // A signed-in route that needs nothing from the database beyond its session check.
        app.get('/api/test/who', { preHandler: app.authenticate }, async (request) => ({
          id: request.user.id,
        }));
      },
    });
  });
  afterAll(async () => {
    await context.close();
  });

  it('answers a signed-in request while every connection of the pool is held', async () => {
    const { app, database } = context;
    const reader = await signUpTestUser(app);
    const who = await app.inject({ method: 'GET', url: '/api/test/who', headers: bearer(reader.session) });
    expect(who.statusCode, who.body).toBe(200);
    const { id: userId } = who.json<{ id: string }>();
    // This instance found the session live just now: forgetting it makes the next request ask the database.
    app.forgetSessions({ userId });

    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    let holdersSettled = 0;
    let holders: Promise<unknown>[] = [];
    try {
      await blocker.query('select pg_advisory_lock($1)', [BLOCKING_LOCK]);
      // Each holder takes a connection of the pool and waits on the lock: all of them are held.
      holders = Array.from({ length: POOL_SIZE }, () =>
        database.db
          .transaction((tx) => tx.execute(sql`select pg_advisory_xact_lock(${BLOCKING_LOCK})`))
          .finally(() => (holdersSettled += 1)),
      );
      await expect.poll(() => database.poolStats().idle + (POOL_SIZE - database.poolStats().open)).toBe(0);

      const answer = await app.inject({
        method: 'GET',
        url: '/api/test/who',
        headers: bearer(reader.session),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ id: userId });
      // Answered while the pool was still held: the check did not wait for one of its connections.
      expect(holdersSettled).toBe(0);
    } finally {
      await blocker.end();
      await Promise.allSettled(holders);
    }
    expect(holdersSettled).toBe(POOL_SIZE);
  });
});
