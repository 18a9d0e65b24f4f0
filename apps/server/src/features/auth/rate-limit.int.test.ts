import { sql } from 'drizzle-orm';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ErrorResponse } from '@summa/shared';
import type { DatabaseKind } from '../../db/database.js';
import { rateLimitCounters } from '../../db/schema/index.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { TEST_REDIS_URL as REDIS_URL } from '../../test/test-redis.js';
import { signUpTestUser, uniqueEmail, uniqueIp } from '../../test/test-users.js';
import { AUTH_RATE_LIMITS } from './auth-rate-limits.js';

const MESSAGES = {
  pt: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  en: 'Too many attempts. Please wait a little and try again.',
  es: 'Demasiados intentos. Espera un poco e inténtalo de nuevo.',
};

describe.each(TEST_DATABASES)('rate limits in a table of %s', (kind) => {
  rateLimitSuite(kind, undefined);
});

describe.runIf(REDIS_URL !== undefined)('rate limits in Redis', () => {
  rateLimitSuite('pglite', REDIS_URL);
});

function rateLimitSuite(kind: DatabaseKind, redisUrl: string | undefined) {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp(kind, { env: redisUrl ? { REDIS_URL: redisUrl } : {} });
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
      error: { code: 'RATE_LIMITED', message: MESSAGES.en },
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
    expect(context.app.rateLimit.kind).toBe(redisUrl ? 'redis' : 'postgres');
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
    // Past the account's ceiling even the right password waits, unless it comes from a device
    // that signed in before (login-lockout.int.test.ts); other accounts do not.
    const right = await inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: uniqueIp(),
      payload: { email, password },
    });
    expect(right.statusCode).toBe(429);
    expect((await login(uniqueEmail(), uniqueIp())).statusCode).toBe(401);
  });

  it.each([
    ['pt-BR,pt;q=0.9', MESSAGES.pt],
    ['es-AR', MESSAGES.es],
    [undefined, MESSAGES.pt],
  ])('answers 429 with Accept-Language %s in that language', async (acceptLanguage, message) => {
    const { email } = await signUpTestUser(context.app);
    const { limit } = AUTH_RATE_LIMITS.loginPair;
    const ip = uniqueIp();
    for (let attempt = 0; attempt < limit; attempt++) await login(email, ip);
    const limited = await inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      payload: { email, password: 'wrong password' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json<ErrorResponse>()).toEqual({ error: { code: 'RATE_LIMITED', message } });
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

  it('limits sign-ups per e-mail, from any address, taken or not', async () => {
    const email = uniqueEmail('again');
    const signup = () =>
      inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: uniqueIp(),
        headers: { 'accept-language': 'en' },
        payload: { email, password: 'secret1', full_name: 'Again', signup_language: 'en' },
      });
    const { limit, windowSeconds } = AUTH_RATE_LIMITS.signupAccount;
    const answers = [];
    for (let attempt = 0; attempt < limit; attempt++) answers.push((await signup()).statusCode);
    // The first creates the account; the others find the e-mail taken until the limit.
    expect(answers).toEqual([201, ...Array.from({ length: limit - 1 }, () => 409)]);
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

  it('limits recovery mails per address, across e-mails', async () => {
    const ip = uniqueIp();
    const recover = () =>
      inject({
        method: 'POST',
        url: '/api/auth/recover',
        remoteAddress: ip,
        headers: { 'accept-language': 'en' },
        payload: { email: uniqueEmail('lost') },
      });
    const { limit, windowSeconds } = AUTH_RATE_LIMITS.recoverIp;
    for (let attempt = 0; attempt < limit; attempt++) expect((await recover()).statusCode).toBe(204);
    expectLimited(await recover(), windowSeconds);
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/auth/recover',
          remoteAddress: uniqueIp(),
          payload: { email: uniqueEmail('lost') },
        })
      ).statusCode,
    ).toBe(204);
  });

  if (redisUrl) {
    it('keeps the counters in Redis with an expiry, and none in the table', async () => {
      const redis = createClient({ url: redisUrl });
      await redis.connect();
      try {
        const keys = await redis.keys('summa:rate-limit:login:account:*');
        expect(keys.length).toBeGreaterThan(0);
        const ttl = await redis.pTTL(keys[0]!);
        // The key lives until its full allowance is back: at most a window.
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual((AUTH_RATE_LIMITS.loginAccount.windowSeconds + 1) * 1000);
      } finally {
        await redis.close();
      }
      expect(await context.database.db.select().from(rateLimitCounters)).toHaveLength(0);
    });
  } else {
    it('keeps one row per key in the table, without e-mail addresses, and lets a key in again once its allowance is back', async () => {
      const rows = await context.database.db.select().from(rateLimitCounters);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => !row.key.includes('@'))).toBe(true);

      const ip = uniqueIp();
      const { limit } = AUTH_RATE_LIMITS.loginIp;
      for (let attempt = 0; attempt < limit; attempt++) await login(uniqueEmail(), ip);
      expect((await login(uniqueEmail(), ip)).statusCode).toBe(429);
      // Move the moment the allowance is full again into the past: the next attempt is let in.
      await context.database.db.update(rateLimitCounters).set({
        expiresAt: sql`${rateLimitCounters.expiresAt} - interval '1 day'`,
      });
      expect((await login(uniqueEmail(), ip)).statusCode).toBe(401);
    });
  }
}
