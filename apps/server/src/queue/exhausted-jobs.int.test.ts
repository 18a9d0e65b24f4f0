import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PostgresRelay } from '../db/postgres-relay.js';
import { createTestDatabase, TEST_DATABASES } from '../test/test-app.js';
import { JobFollower } from './job-follower.js';
import { JobQueue, QUEUES } from './job-queue.js';
import { JobRunner } from './job-runner.js';
import { InProcessRelay, type ProgressRelay } from './progress-relay.js';
import type { QueuedWork } from './queued-work.js';

const silent = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silent,
};

/** A logger that keeps each line with the request its job was queued for (the child's reqId). */
function recordingLog() {
  const lines: { reqId: string | undefined; message: string }[] = [];
  const logOf = (reqId: string | undefined) => {
    const write = (_object: object, message: string) => void lines.push({ reqId, message });
    return { info: write, warn: write, error: write };
  };
  return { lines, log: { ...logOf(undefined), child: ({ reqId }: { reqId: string }) => logOf(reqId) } };
}

class Broken extends Error {}

/**
 * A work whose jobs can never run: the worker refuses their input (as it would refuse the data of
 * a job an incompatible version sent), so every attempt throws and the queue retries each job
 * until its retries are spent.
 */
function refusedWork(performed: string[]): QueuedWork<{ n: number }, string, string, Broken> {
  return {
    queue: QUEUES.narration,
    scope: 'exhausted-test',
    input: z.object({ n: z.number().max(3) }),
    findDone: () => Promise.resolve(undefined),
    perform: (_flight, key) => {
      performed.push(key);
      return Promise.resolve('made');
    },
    classify: (error) => ({ failure: new Broken('failed', { cause: error }), code: 'BROKEN' }),
    isCancelled: () => false,
    codeOf: () => 'BROKEN',
    fromStoredCode: (code) => new Broken(code),
    stopped: () => new Broken('stopped'),
    brokeDown: (cause) => new Broken('broke down', { cause }),
  };
}

describe.each(TEST_DATABASES)('a job that fails for the last time on %s', (kind) => {
  it('is told to its followers at once, who stop waiting with a failure; nothing is performed', async () => {
    const database = await createTestDatabase(kind);
    const target = database.queueTarget;
    const relay: ProgressRelay =
      target.kind === 'pglite' ? new InProcessRelay() : await PostgresRelay.open(target.url, silent);
    const recorded = recordingLog();
    const queue = await JobQueue.start({
      database,
      log: recorded.log,
      metrics: { jobStarted: () => undefined },
      works: true,
      settings: { superviseSeconds: 1, pollSeconds: 0.5 },
    });
    try {
      const performed: string[] = [];
      const work = refusedWork(performed);
      const deps = { db: database.db, log: silent, queue, relay, leaseMs: 6_000, alsoWeb: false };
      const runner = new JobRunner(work, deps);
      await runner.start();
      const follower = new JobFollower(work, deps);
      const started = Date.now();
      const flight = follower.flightFor('book-1', { n: 5 }, 'request-of-the-reader');
      const leave = flight.join(() => undefined);
      const outcome = await flight.outcome;
      leave();
      expect('failure' in outcome && outcome.failure.message).toBe('broke down');
      // Four attempts (one and three retries) and the dead letter's poll: without the dead letter,
      // nothing would ever end this flight (no worker took a lease that could lapse).
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(performed).toEqual([]);
      // The job's last failure is logged under the request that queued it (issue 26).
      expect(recorded.lines).toContainEqual({
        reqId: 'request-of-the-reader',
        message: 'a job failed for the last time',
      });
      if (kind === 'postgres') {
        const rows = await database.db.execute(
          sql`select state, retry_count from pgboss.job where name = ${QUEUES.narration}`,
        );
        expect(z.object({ rows: z.array(z.unknown()) }).parse(rows).rows).toEqual([
          { state: 'failed', retry_count: 3 },
        ]);
      }
      await runner.close(0);
    } finally {
      await queue.stop(0);
      await relay.close();
      await database.close();
    }
  }, 40_000);
});
