import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { ErrorResponse } from '@summa/shared';
import { loadOrCreateSecret } from '../../db/app-secrets.repository.js';
import type { DatabaseKind } from '../../db/database.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { TEST_REDIS_URL } from '../../test/test-redis.js';
import { signUpTestUser, uniqueIp, type TestUser } from '../../test/test-users.js';
import { AUTH_RATE_LIMITS } from './auth-rate-limits.js';
import { KnownDevices } from './known-devices.service.js';

describe.each(TEST_DATABASES)('login throttling in a table of %s', (kind) => {
  lockoutSuite(kind, undefined);
});

describe.runIf(TEST_REDIS_URL !== undefined)('login throttling in Redis', () => {
  lockoutSuite('pglite', TEST_REDIS_URL);
});

function lockoutSuite(kind: DatabaseKind, redisUrl: string | undefined) {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp(kind, { env: redisUrl ? { REDIS_URL: redisUrl } : {} });
  });
  afterAll(async () => {
    await context.close();
  });

  const login = (email: string, password: string, ip: string, cookie?: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
      payload: { email, password },
    });
  /** The device cookie a successful sign-in set, as the browser sends it back. */
  const deviceCookie = (response: LightMyRequestResponse): string => {
    const cookie = response.cookies.find((candidate) => candidate.name === 'summa_device');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    return `summa_device=${cookie?.value ?? ''}`;
  };
  const expectThrottled = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(response.json<ErrorResponse>().error.code).toBe('RATE_LIMITED');
  };

  /** The owner signs in once from home: that browser is a known device from then on. */
  async function ownerWithDevice(): Promise<TestUser & { cookie: string; homeIp: string }> {
    const user = await signUpTestUser(context.app);
    const homeIp = uniqueIp();
    const first = await login(user.email, user.password, homeIp);
    expect(first.statusCode).toBe(200);
    return { ...user, cookie: deviceCookie(first), homeIp };
  }

  it("does not let a stranger's wrong passwords lock the owner out", async () => {
    const owner = await ownerWithDevice();
    const strangerIp = uniqueIp();
    const { limit } = AUTH_RATE_LIMITS.loginPair;
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await login(owner.email, 'wrong password', strangerIp)).statusCode).toBe(401);
    }
    // The stranger is throttled, with Retry-After...
    expectThrottled(await login(owner.email, 'wrong password', strangerIp));
    expectThrottled(await login(owner.email, owner.password, strangerIp));
    // ...the owner is not: from another address, and from the known device even on the
    // stranger's address (a shared network).
    expect((await login(owner.email, owner.password, uniqueIp())).statusCode).toBe(200);
    expect((await login(owner.email, owner.password, strangerIp, owner.cookie)).statusCode).toBe(200);
  });

  it('lets in a device cookie from before cookies were signed, and signs the one it sets instead', async () => {
    const owner = await signUpTestUser(context.app);
    // The bare token a sign-in set before the cookie was signed: an id and its MAC.
    const devices = new KnownDevices({ key: await loadOrCreateSecret(context.database.db, 'device') });
    const legacy = `summa_device=${devices.issue(owner.email)}`;
    const strangerIp = uniqueIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.loginPair.limit; attempt++) {
      expect((await login(owner.email, 'wrong password', strangerIp)).statusCode).toBe(401);
    }
    expectThrottled(await login(owner.email, owner.password, strangerIp));
    const signedIn = await login(owner.email, owner.password, strangerIp, legacy);
    expect(signedIn.statusCode).toBe(200);
    // The new cookie carries @fastify/cookie's signature after the token.
    expect(deviceCookie(signedIn).split('.')).toHaveLength(3);
    // A token whose MAC does not hold is no device, signed or not.
    const forged = `${legacy.slice(0, -1)}${legacy.endsWith('A') ? 'B' : 'A'}`;
    expectThrottled(await login(owner.email, owner.password, strangerIp, forged));
  });

  it('holds a per-account ceiling across many addresses, and still lets the known device in', async () => {
    const owner = await ownerWithDevice();
    const { limit } = AUTH_RATE_LIMITS.loginAccount;
    const attempts = await Promise.all(
      Array.from({ length: limit + 2 }, () => login(owner.email, 'wrong password', uniqueIp())),
    );
    const statuses = attempts.map((response) => response.statusCode);
    // One attempt of the ceiling was the owner's own sign-in.
    expect(statuses.filter((status) => status === 401)).toHaveLength(limit - 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    expectThrottled(await login(owner.email, 'wrong password', uniqueIp()));
    expect((await login(owner.email, owner.password, uniqueIp(), owner.cookie)).statusCode).toBe(200);
  });

  it('limits guesses from a device cookie too, and only for its own account', async () => {
    const owner = await ownerWithDevice();
    const other = await signUpTestUser(context.app);
    const { limit } = AUTH_RATE_LIMITS.loginDevice;
    // A cookie for one account counts for nothing on another: the usual limits apply there.
    const elsewhere = await login(other.email, 'wrong password', owner.homeIp, owner.cookie);
    expect(elsewhere.statusCode).toBe(401);
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await login(owner.email, 'wrong password', uniqueIp(), owner.cookie)).statusCode).toBe(401);
    }
    expectThrottled(await login(owner.email, owner.password, uniqueIp(), owner.cookie));
    // A forged or foreign cookie is no device: the address's own allowance applies.
    expect(
      (await login(owner.email, owner.password, uniqueIp(), 'summa_device=forged.value')).statusCode,
    ).toBe(200);
  });
}
