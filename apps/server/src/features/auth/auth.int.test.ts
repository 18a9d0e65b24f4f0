import { eq, sql } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { Session, UserResponse } from '@summa/shared';
import { buildApp } from '../../app.js';
import { SESSION_CHECK_TTL_MS } from './live-sessions.js';
import {
  appSecrets,
  authSessions,
  profiles,
  refreshTokens,
  users,
  userSignups,
  userSubscriptions,
} from '../../db/schema/index.js';
import { errorOf, postMalformedJson } from '../../test/api-errors.js';
import { createTestApp, TEST_DATABASES, testConfig, type TestContext } from '../../test/test-app.js';
import { bearer, confirmTestUser, signUpTestUser, uniqueEmail, uniqueIp } from '../../test/test-users.js';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
const ADMIN_EMAIL = 'Boss@Example.com';

function decodeClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

describe.each(TEST_DATABASES)('accounts and sessions on %s', (kind) => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp(kind, {
      env: {
        JWT_SECRET,
        ADMIN_EMAILS: ` ${ADMIN_EMAIL} , other-admin@example.com`,
        // Production's argon2 cost (the tests' default is the least): the stored hash and the
        // timing of failed sign-ins are checked as production makes them.
        PASSWORD_HASH_MEMORY_KIB: '19456',
        PASSWORD_HASH_PASSES: '2',
      },
      extend: (app) => {
        app.get('/api/test/admin-only', { preHandler: app.requireAdmin }, async (request) => ({
          role: request.user.role,
        }));
        app.get('/api/test/me', { preHandler: app.authenticate }, async (request) => request.user);
      },
    });
  });
  afterAll(async () => {
    await context.close();
  });

  // Each request comes from its own address, so that per-IP rate limits stay out of the way.
  const inject = (options: InjectOptions) => context.app.inject({ remoteAddress: uniqueIp(), ...options });
  const userCount = async () => {
    const [row] = await context.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  };
  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });
  const refresh = (refreshToken: string) =>
    inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: refreshToken } });
  const getUser = (token: string) => inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });

  describe('sign-up', () => {
    it('creates the user, a profile in the sign-up language and a free plan, and signs in', async () => {
      const email = uniqueEmail('Signup');
      const response = await inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          email: `  ${email.toUpperCase()} `,
          password: 'secret1',
          full_name: '  Ana Souza ',
          signup_language: 'es',
          signup_path: '/es/auth',
          signup_country: 'mx',
        },
      });
      expect(response.statusCode).toBe(201);
      const session = response.json<Session>();
      expect(session.token_type).toBe('bearer');
      expect(session.expires_in).toBeGreaterThan(3590);
      expect(session.expires_in).toBeLessThanOrEqual(3600);
      expect(session.expires_at).toBeCloseTo(Math.floor(Date.now() / 1000) + 3600, -1);
      expect(session.refresh_token).toMatch(/^[\w-]{43}$/);
      expect(session.user).toMatchObject({
        email: email.toLowerCase(),
        full_name: 'Ana Souza',
        role: 'user',
        preferred_language: 'es',
        plan: 'free',
      });
      expect(decodeClaims(session.access_token)).toMatchObject({ sub: session.user.id });
      expect(decodeClaims(session.access_token).session_id).toMatch(/^[0-9a-f-]{36}$/);

      const { db } = context.database;
      const [user] = await db.select().from(users).where(eq(users.id, session.user.id));
      expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(user?.passwordHash).not.toContain('secret1');
      const [profile] = await db.select().from(profiles).where(eq(profiles.id, session.user.id));
      expect(profile?.preferredLanguage).toBe('es');
      const [subscription] = await db
        .select()
        .from(userSubscriptions)
        .where(eq(userSubscriptions.userId, session.user.id));
      expect(subscription?.plan).toBe('free');
      const [signup] = await db.select().from(userSignups).where(eq(userSignups.userId, session.user.id));
      expect(signup).toMatchObject({ method: 'password', language: 'es', path: '/es/auth', country: 'MX' });
      // The refresh token is stored only as its hash.
      const stored = await db.select().from(refreshTokens);
      expect(stored.some((row) => row.tokenHash === session.refresh_token)).toBe(false);
    });

    it('refuses an e-mail that is taken in any letter case with EMAIL_TAKEN', async () => {
      const { email } = await signUpTestUser(context.app);
      const before = await userCount();
      const response = await inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'accept-language': 'en' },
        payload: {
          email: email.toUpperCase(),
          password: 'another1',
          full_name: 'Copy',
          signup_language: 'en',
        },
      });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toEqual({
        code: 'EMAIL_TAKEN',
        message: 'An account with this e-mail already exists.',
      });
      expect(await userCount()).toBe(before);
    });

    const valid = {
      email: 'valid@example.com',
      password: 'secret1',
      full_name: 'Valid',
      signup_language: 'pt',
    };
    it.each([
      ['an invalid e-mail', { ...valid, email: 'not-an-email' }, 'email'],
      ['an e-mail with markup', { ...valid, email: '<script>@x.com' }, 'email'],
      ['a password of 5 characters', { ...valid, password: '12345' }, 'password'],
      ['a missing full name', { ...valid, full_name: undefined }, 'full_name'],
      ['a blank full name', { ...valid, full_name: '   ' }, 'full_name'],
      ['a 10,000-character name', { ...valid, full_name: 'a'.repeat(10_000) }, 'full_name'],
      ['a 121-character name', { ...valid, full_name: 'a'.repeat(121) }, 'full_name'],
      ['HTML in the name', { ...valid, full_name: '<img src=x onerror=alert(1)>' }, 'full_name'],
      ['a control character in the name', { ...valid, full_name: 'Ana\u0000Souza' }, 'full_name'],
      ['an unknown language', { ...valid, signup_language: 'fr' }, 'signup_language'],
      ['a signup path that is a URL', { ...valid, signup_path: 'https://evil.example' }, 'signup_path'],
      ['a signup country that is not a code', { ...valid, signup_country: 'Brazil' }, 'signup_country'],
    ])('answers 400 to %s and stores nothing', async (_case, payload, field) => {
      const before = await userCount();
      const response = await inject({ method: 'POST', url: '/api/auth/signup', payload });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_ERROR');
      expect(errorOf(response).fields?.map((issue) => issue.path)).toContain(`body.${field}`);
      expect(await userCount()).toBe(before);
    });

    it('answers 400 INVALID_JSON to malformed JSON and 413 to a body over 64 KB', async () => {
      const before = await userCount();
      const malformed = await postMalformedJson(inject, '/api/auth/signup', '{"email": "a@b.co", ');
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed).code).toBe('INVALID_JSON');
      const huge = await inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { ...valid, full_name: 'a'.repeat(70 * 1024) },
      });
      expect(huge.statusCode).toBe(413);
      expect(errorOf(huge).code).toBe('PAYLOAD_TOO_LARGE');
      expect(await userCount()).toBe(before);
    });

    it('stores SQL and quotes in a name as plain text', async () => {
      const name = `Robert'); DROP TABLE users; -- "Bobby" O'Brien`;
      const { session } = await signUpTestUser(context.app, { full_name: name });
      expect(session.user.full_name).toBe(name);
      const me = await getUser(session.access_token);
      expect(me.json<UserResponse>().user.full_name).toBe(name);
      expect(await userCount()).toBeGreaterThan(0);
    });
  });

  describe('login', () => {
    it('signs in with the e-mail in any case and answers the user', async () => {
      const { email, password } = await signUpTestUser(context.app, { signup_language: 'en' });
      const response = await login(email.toUpperCase(), password);
      expect(response.statusCode).toBe(200);
      const session = response.json<Session>();
      const me = await getUser(session.access_token);
      expect(me.statusCode).toBe(200);
      const { user } = me.json<UserResponse>();
      expect(user).toEqual({
        id: session.user.id,
        email,
        full_name: 'Test Reader',
        role: 'user',
        email_confirmed: false,
        has_password: true,
        preferred_language: 'en',
        plan: 'free',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      });
    });

    it('answers a wrong password and an unknown e-mail alike, in message and in time', async () => {
      const { email } = await signUpTestUser(context.app);
      const median = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        const middle = Math.floor(sorted.length / 2);
        return sorted.length % 2
          ? (sorted[middle] ?? 0)
          : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
      };
      const timed = async (loginEmail: string) => {
        const started = performance.now();
        const response = await login(loginEmail, 'wrong password', { 'accept-language': 'es' });
        return { status: response.statusCode, body: response.body, ms: performance.now() - started };
      };
      // Warm up both paths (the dummy hash for unknown e-mails is made on first use).
      await timed(uniqueEmail('warm'));
      await timed(email);
      // Alternate the two kinds, so that load on the machine falls on both alike. 8 wrong
      // passwords stay under the per-account limit (10); each unknown e-mail is a new one.
      const wrongPassword: Awaited<ReturnType<typeof timed>>[] = [];
      const unknownEmail: Awaited<ReturnType<typeof timed>>[] = [];
      for (let round = 0; round < 8; round++) {
        wrongPassword.push(await timed(email));
        unknownEmail.push(await timed(uniqueEmail('nobody')));
      }
      const answers = new Set(
        [...wrongPassword, ...unknownEmail].map(({ status, body }) => `${status} ${body}`),
      );
      expect([...answers]).toEqual([
        `401 ${JSON.stringify({
          error: { code: 'INVALID_CREDENTIALS', message: 'Correo electrónico o contraseña incorrectos.' },
        })}`,
      ]);
      const wrongMs = median(wrongPassword.map(({ ms }) => ms));
      const unknownMs = median(unknownEmail.map(({ ms }) => ms));
      // argon2id at 19 MiB takes milliseconds: a path that skipped it would answer far faster.
      expect(wrongMs).toBeGreaterThan(5);
      expect(unknownMs).toBeGreaterThan(5);
      expect(wrongMs / unknownMs).toBeGreaterThan(0.5);
      expect(wrongMs / unknownMs).toBeLessThan(2);
    });

    it('refuses a login without a password with 400', async () => {
      const response = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co' } });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_ERROR');
    });
  });

  describe('access tokens', () => {
    let session: Session;
    beforeAll(async () => {
      ({ session } = await signUpTestUser(context.app));
    });

    const key = new TextEncoder().encode(JWT_SECRET);
    const claimsOf = () => decodeClaims(session.access_token);
    const expectUnauthorized = async (headers: Record<string, string>) => {
      const response = await inject({ method: 'GET', url: '/api/auth/user', headers });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHORIZED');
      expect(response.headers['www-authenticate']).toBe('Bearer');
    };

    it('sets request.user on guarded routes', async () => {
      const response = await inject({ method: 'GET', url: '/api/test/me', headers: bearer(session) });
      expect(response.json()).toEqual({
        id: session.user.id,
        email: session.user.email,
        role: 'user',
        sessionId: claimsOf().session_id,
      });
    });

    it('refuses a request without a token, or with a malformed header', async () => {
      await expectUnauthorized({});
      await expectUnauthorized({ authorization: session.access_token });
      await expectUnauthorized({ authorization: 'Bearer not-a-jwt' });
      await expectUnauthorized({ authorization: `Basic ${session.access_token}` });
    });

    it('refuses a tampered token', async () => {
      const [header, payload, signature] = session.access_token.split('.');
      const otherUser = Buffer.from(
        JSON.stringify({ ...claimsOf(), sub: '00000000-0000-4000-8000-000000000000' }),
      ).toString('base64url');
      await expectUnauthorized(bearer(`${header}.${otherUser}.${signature}`));
      const flipped = `${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
      await expectUnauthorized(bearer(`${header}.${payload}.${flipped}`));
    });

    it('refuses an expired token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT({ session_id: claimsOf().session_id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(session.user.id)
        .setIssuer('summa')
        .setAudience('summa-api')
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 3600)
        .sign(key);
      await expectUnauthorized(bearer(expired));
    });

    it('refuses alg none, another algorithm and another key', async () => {
      const claims = { ...claimsOf() };
      const unsigned = new UnsecuredJWT(claims).encode();
      await expectUnauthorized(bearer(unsigned));
      const build = () => new SignJWT(claims);
      const hs512 = await build().setProtectedHeader({ alg: 'HS512' }).sign(key);
      await expectUnauthorized(bearer(hs512));
      const otherKey = await build()
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('another-secret-of-enough-length-0123456789'));
      await expectUnauthorized(bearer(otherKey));
      // The same claims with the right key and algorithm pass: the refusals above are real.
      const genuine = await build().setProtectedHeader({ alg: 'HS256' }).sign(key);
      const response = await getUser(genuine);
      expect(response.statusCode).toBe(200);
    });
  });

  describe('refresh, logout and revocation', () => {
    it('rotates the refresh token on each refresh, within one session family', async () => {
      const { session } = await signUpTestUser(context.app);
      const response = await refresh(session.refresh_token);
      expect(response.statusCode).toBe(200);
      const next = response.json<Session>();
      expect(next.refresh_token).not.toBe(session.refresh_token);
      expect(next.user.id).toBe(session.user.id);
      expect(decodeClaims(next.access_token).session_id).toBe(decodeClaims(session.access_token).session_id);
      expect((await getUser(next.access_token)).statusCode).toBe(200);
      const again = await refresh(next.refresh_token);
      expect(again.statusCode).toBe(200);
    });

    it('gives two refreshes of one token within the grace both a session of the same family', async () => {
      const { session } = await signUpTestUser(context.app);
      const [first, second] = await Promise.all([
        refresh(session.refresh_token),
        refresh(session.refresh_token),
      ]);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      const family = decodeClaims(session.access_token).session_id;
      for (const response of [first, second]) {
        const next = response.json<Session>();
        expect(decodeClaims(next.access_token).session_id).toBe(family);
        expect((await getUser(next.access_token)).statusCode).toBe(200);
        expect((await refresh(next.refresh_token)).statusCode).toBe(200);
      }
    });

    it('revokes the whole family when a rotated token is used again after the grace', async () => {
      const { session, email, password } = await signUpTestUser(context.app);
      const family = String(decodeClaims(session.access_token).session_id);
      const rotated = (await refresh(session.refresh_token)).json<Session>();
      const latest = (await refresh(rotated.refresh_token)).json<Session>();
      // Age the rotation of the first token past the 10 s grace.
      await context.database.db
        .update(refreshTokens)
        .set({ rotatedAt: sql`now() - interval '11 seconds'` })
        .where(eq(refreshTokens.sessionId, family));

      const reuse = await refresh(session.refresh_token);
      expect(reuse.statusCode).toBe(401);
      expect(errorOf(reuse).code).toBe('INVALID_TOKEN');
      // Every token of the family is dead now, the newest included.
      expect((await refresh(latest.refresh_token)).statusCode).toBe(401);
      expect((await getUser(latest.access_token)).statusCode).toBe(401);
      expect((await getUser(session.access_token)).statusCode).toBe(401);
      // Other sessions of the same user are not part of the family.
      const other = (await login(email, password)).json<Session>();
      expect((await getUser(other.access_token)).statusCode).toBe(200);
    });

    it('refuses an unknown or expired refresh token', async () => {
      expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
      const { session } = await signUpTestUser(context.app);
      await context.database.db
        .update(refreshTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(refreshTokens.sessionId, String(decodeClaims(session.access_token).session_id)));
      const response = await refresh(session.refresh_token);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('INVALID_TOKEN');
    });

    it('signs out on the server: the access and refresh tokens of the session stop working', async () => {
      const { session, email, password } = await signUpTestUser(context.app);
      const other = (await login(email, password)).json<Session>();
      const response = await inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session) });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await getUser(session.access_token)).statusCode).toBe(401);
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);
      expect(
        (await inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session) })).statusCode,
      ).toBe(401);
      // Only that session: the user's other one is still signed in.
      expect((await getUser(other.access_token)).statusCode).toBe(200);
    });
  });

  describe('roles', () => {
    it('makes the ADMIN_EMAILS accounts admins once their address is confirmed, whatever the case', async () => {
      const admin = await signUpTestUser(context.app, { email: ADMIN_EMAIL.toLowerCase() });
      expect(admin.session.user.role).toBe('user');
      const before = await inject({
        method: 'GET',
        url: '/api/test/admin-only',
        headers: bearer(admin.session),
      });
      expect(before.statusCode).toBe(403);
      await confirmTestUser(context.app, admin.email);
      const response = await inject({
        method: 'GET',
        url: '/api/test/admin-only',
        headers: bearer(admin.session),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ role: 'admin' });
      expect((await getUser(admin.session.access_token)).json<UserResponse>().user.role).toBe('admin');
    });

    it('answers 403 FORBIDDEN to a user and 401 without a token', async () => {
      const { session } = await signUpTestUser(context.app);
      const forbidden = await inject({
        method: 'GET',
        url: '/api/test/admin-only',
        headers: bearer(session),
      });
      expect(forbidden.statusCode).toBe(403);
      expect(errorOf(forbidden).code).toBe('FORBIDDEN');
      const anonymous = await inject({ method: 'GET', url: '/api/test/admin-only' });
      expect(anonymous.statusCode).toBe(401);
      expect(errorOf(anonymous).code).toBe('UNAUTHORIZED');
    });
  });

  it('reports that Google sign-in is off and refuses to start it', async () => {
    const config = await inject({ method: 'GET', url: '/api/auth/config' });
    expect(config.json()).toEqual({ google: false });
    const start = await inject({ method: 'GET', url: '/api/auth/google/start?language=pt' });
    expect(start.statusCode).toBe(404);
    expect(errorOf(start).code).toBe('GOOGLE_NOT_CONFIGURED');
    const callback = await inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y' });
    expect(errorOf(callback).code).toBe('GOOGLE_NOT_CONFIGURED');
  });

  it('documents the auth endpoints in the OpenAPI document', async () => {
    const document = (await inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: object }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/signup', '/api/auth/login', '/api/auth/refresh', '/api/auth/user']),
    );
  });
});

describe.each(TEST_DATABASES)('the generated JWT key on %s', (kind) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp(kind);
  });
  afterAll(async () => {
    await context.close();
  });

  it('is stored once in the database and shared by other instances and restarts', async () => {
    const { session } = await signUpTestUser(context.app);
    // The JWT key (the known-device key, 'device', is another row).
    const jwtSecrets = () => context.database.db.select().from(appSecrets).where(eq(appSecrets.name, 'jwt'));
    const secrets = await jwtSecrets();
    expect(secrets).toHaveLength(1);
    expect(secrets[0]?.value.length).toBeGreaterThanOrEqual(32);

    const second = await buildApp({ config: testConfig(), database: context.database });
    await second.ready();
    try {
      const response = await second.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: bearer(session),
      });
      expect(response.statusCode).toBe(200);
      expect(await jwtSecrets()).toHaveLength(1);
      // A session signed out on one instance is refused there at once, and by the other once
      // its last check of the session is SESSION_CHECK_TTL_MS old.
      await context.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session) });
      const userOn = async (app: typeof second) =>
        (await app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(session) })).statusCode;
      expect(await userOn(context.app)).toBe(401);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + SESSION_CHECK_TTL_MS);
      expect(await userOn(second)).toBe(401);
    } finally {
      vi.useRealTimers();
      await second.close();
    }
    const [row] = await context.database.db
      .select({ revoked: authSessions.revokedAt })
      .from(authSessions)
      .where(eq(authSessions.userId, session.user.id));
    expect(row?.revoked).toBeInstanceOf(Date);
  });
});
