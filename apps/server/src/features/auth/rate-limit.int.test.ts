import { sql } from 'drizzle-orm';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ErrorResponse } from '@summa/shared';
import type { DatabaseKind } from '../../db/database.js';
import { rateLimitCounters } from '../../db/schema/index.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { signUpTestUser, uniqueEmail, uniqueIp } from '../../test/test-users.js';
import { AUTH_RATE_LIMITS } from './auth.routes.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const STORES: { name: string; kind: DatabaseKind; env: { REDIS_URL?: string } }[] = [
  ...TEST_DATABASES.map((kind) => ({ name: `a table of ${kind}`, kind, env: {} })),
  { name: 'Redis', kind: 'pglite', env: { REDIS_URL } },
];

describe.each(STORES)('rate limits in $name', ({ kind, env }) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp(kind, { env: env.REDIS_URL ? { REDIS_URL: env.REDIS_URL } : {} });
  });
  afterAll(async () => {
    await context.close();
  });

  const inject = (options: InjectOptions) => context.app.inject(options);
  const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);
  const expectLimited = (response: LightMyRequestResponse | undefined, windowSeconds: number) => {
    expect(response?.statusCode).toBe(429);
    const retryAfter = Number(response?.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(response?.json<ErrorResponse>()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a little and try again.' },
    });
  };
  const login = (email: string, ip: string) =>
    inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: { 'accept-language': 'en' },
      payload: { email, password: 'wrong password' },
    });

  it('uses the configured store', () => {
    expect(context.app.rateLimit.kind).toBe(env.REDIS_URL ? 'redis' : 'postgres');
  });

  it('limits login attempts per account, from any address, counting concurrent ones exactly', async () => {
    const { email, password } = await signUpTestUser(context.app);
    const { limit, windowSeconds } = AUTH_RATE_LIMITS.loginAccount;
    const attempts = await Promise.all(Array.from({ length: limit + 3 }, () => login(email, uniqueIp())));
    expect(statuses(attempts).filter((status) => status === 401)).toHaveLength(limit);
    expect(statuses(attempts).filter((status) => status === 429)).toHaveLength(3);
    expectLimited(
      attempts.find((response) => response.statusCode === 429),
      windowSeconds,
    );
    // Even the right password waits for the window now; other accounts do not.
    const right = await inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: uniqueIp(),
      payload: { email, password },
    });
    expect(right.statusCode).toBe(429);
    expect((await login(uniqueEmail(), uniqueIp())).statusCode).toBe(401);
  });

  it('limits login attempts per address, across accounts', async () => {
    const ip = uniqueIp();
    const { limit, windowSeconds } = AUTH_RATE_LIMITS.loginIp;
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await login(uniqueEmail(), ip)).statusCode).toBe(401);
    }
    expectLimited(await login(uniqueEmail(), ip), windowSeconds);
    expect((await login(uniqueEmail(), uniqueIp())).statusCode).toBe(401);
  });

  it('limits sign-ups per address', async () => {
    const ip = uniqueIp();
    const signup = () =>
      inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: ip,
        headers: { 'accept-language': 'en' },
        payload: { email: uniqueEmail(), password: 'secret1', full_name: 'Many', signup_language: 'en' },
      });
    const { limit, windowSeconds } = AUTH_RATE_LIMITS.signupIp;
    for (let attempt = 0; attempt < limit; attempt++) expect((await signup()).statusCode).toBe(201);
    expectLimited(await signup(), windowSeconds);
  });

  it('limits refreshes per address', async () => {
    const ip = uniqueIp();
    const refresh = () =>
      inject({
        method: 'POST',
        url: '/api/auth/refresh',
        remoteAddress: ip,
        headers: { 'accept-language': 'en' },
        payload: { refresh_token: 'unknown-token' },
      });
    const { limit, windowSeconds } = AUTH_RATE_LIMITS.refreshIp;
    for (let attempt = 0; attempt < limit; attempt++) expect((await refresh()).statusCode).toBe(401);
    expectLimited(await refresh(), windowSeconds);
  });

  it('limits recovery mails per account, with the same answer until then', async () => {
    const { email } = await signUpTestUser(context.app);
    const recover = () =>
      inject({
        method: 'POST',
        url: '/api/auth/recover',
        remoteAddress: uniqueIp(),
        headers: { 'accept-language': 'en' },
        payload: { email },
      });
    const { limit, windowSeconds } = AUTH_RATE_LIMITS.recoverAccount;
    for (let attempt = 0; attempt < limit; attempt++) expect((await recover()).statusCode).toBe(204);
    expectLimited(await recover(), windowSeconds);
  });

  if (env.REDIS_URL) {
    it('keeps the counters in Redis with an expiry, and none in the table', async () => {
      const redis = createClient({ url: REDIS_URL });
      await redis.connect();
      try {
        const keys = await redis.keys('summa:rate-limit:login:account:*');
        expect(keys.length).toBeGreaterThan(0);
        const ttl = await redis.pTTL(keys[0]!);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual((AUTH_RATE_LIMITS.loginAccount.windowSeconds + 1) * 1000);
      } finally {
        await redis.close();
      }
      expect(await context.database.db.select().from(rateLimitCounters)).toHaveLength(0);
    });
  } else {
    it('keeps one row per key in the table, without e-mail addresses, and restarts a passed window', async () => {
      const rows = await context.database.db.select().from(rateLimitCounters);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => !row.key.includes('@'))).toBe(true);

      const ip = uniqueIp();
      const { limit } = AUTH_RATE_LIMITS.loginIp;
      for (let attempt = 0; attempt <= limit; attempt++) await login(uniqueEmail(), ip);
      expect((await login(uniqueEmail(), ip)).statusCode).toBe(429);
      // Move the counter's window into the past: the next attempt opens a new window at 1.
      await context.database.db.update(rateLimitCounters).set({
        windowStart: sql`${rateLimitCounters.windowStart} - interval '1 day'`,
        expiresAt: sql`${rateLimitCounters.expiresAt} - interval '1 day'`,
      });
      expect((await login(uniqueEmail(), ip)).statusCode).toBe(401);
    });
  }
});
