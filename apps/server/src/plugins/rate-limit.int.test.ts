import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../db/database.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../test/test-app.js';
import { TEST_REDIS_URL } from '../test/test-redis.js';
import type { RateLimitRule } from './rate-limit.js';

describe.each(TEST_DATABASES)('the rate limiter in a table of %s', (kind) => {
  limiterSuite(kind, undefined);
});

describe.runIf(TEST_REDIS_URL !== undefined)('the rate limiter in Redis', () => {
  limiterSuite('pglite', TEST_REDIS_URL);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Waits until `offsetMs` past the next multiple of `windowMs` on the clock (negative: before it). */
async function untilClockEdge(windowMs: number, offsetMs: number): Promise<void> {
  let wait = windowMs - (Date.now() % windowMs) + offsetMs;
  if (wait < 0) wait += windowMs;
  await sleep(wait);
}

function limiterSuite(kind: DatabaseKind, redisUrl: string | undefined) {
  let context: TestContext;
  // A fresh rule name per run: parallel runs sharing one Redis never count each other's hits.
  // A short window (the test waits for its edge on the clock); a burst of 10 still takes a small
  // part of one 500 ms interval, and a fixed window would let 20 through where this allows ~2.
  const rule: RateLimitRule = { name: `test-edge-${randomUUID()}`, limit: 10, windowSeconds: 5 };
  beforeAll(async () => {
    context = await createTestApp(kind, {
      env: redisUrl ? { REDIS_URL: redisUrl } : {},
      extend: (app) =>
        app.post<{ Body: { subject: string } }>('/test/limited', async (request) => {
          await app.rateLimit.check(rule, request.body.subject);
          return { ok: true };
        }),
    });
  });
  afterAll(async () => {
    await context.close();
  });

  /** `count` hits at once (a burst), answered in the order sent. */
  const burst = (subject: string, count: number) =>
    Promise.all(
      Array.from({ length: count }, () =>
        context.app.inject({ method: 'POST', url: '/test/limited', payload: { subject } }),
      ),
    );

  it(
    'lets no burst straddle a window edge on the clock (a limit of 10 never gives 20 in a second)',
    async () => {
      const subject = randomUUID();
      const windowMs = rule.windowSeconds * 1000;
      // A burst just before a clock edge (where a fixed window would end) and one just after it.
      await untilClockEdge(windowMs, -1_000);
      const started = Date.now();
      const before = await burst(subject, rule.limit);
      await untilClockEdge(windowMs, 50);
      const after = await burst(subject, rule.limit);
      const elapsedMs = Date.now() - started;
      expect(before.map((answer) => answer.statusCode)).toEqual(Array(rule.limit).fill(200));
      // The allowance comes back at limit per window: one hit per interval since the first burst.
      const intervalMs = windowMs / rule.limit;
      const allowedAfter = after.filter((answer) => answer.statusCode === 200).length;
      expect(allowedAfter).toBeLessThanOrEqual(Math.floor(elapsedMs / intervalMs));
      expect(allowedAfter).toBeLessThan(rule.limit);
      const refused = after.find((answer) => answer.statusCode === 429);
      const retryAfter = Number(refused?.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(rule.windowSeconds);
    },
    4 * rule.windowSeconds * 1000 + 20_000,
  );

  it('lets a refused subject in again after Retry-After, one interval at a time', async () => {
    const quick: RateLimitRule = { name: `test-quick-${randomUUID()}`, limit: 2, windowSeconds: 2 };
    const subject = randomUUID();
    const consume = async () => {
      try {
        await context.app.rateLimit.check(quick, subject);
        return 'allowed';
      } catch {
        return 'refused';
      }
    };
    expect([await consume(), await consume(), await consume()]).toEqual(['allowed', 'allowed', 'refused']);
    await sleep(1_100);
    expect([await consume(), await consume()]).toEqual(['allowed', 'refused']);
  });
}
