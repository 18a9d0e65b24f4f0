import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { ErrorResponse, Session, UserResponse } from '@summa/shared';
import { buildApp, type App } from '../../app.js';
import { oauthStates, profiles, userIdentities, userSignups } from '../../db/schema/index.js';
import { createTestApp, TEST_DATABASES, testConfig, type TestContext } from '../../test/test-app.js';
import {
  bearer,
  expectSignedOutForGood,
  signUpTestUser,
  uniqueEmail,
  uniqueIp,
} from '../../test/test-users.js';

const CLIENT_ID = 'summa-test-client.apps.example.com';
const HOST = 'summa.example';

/** A Google account as the mock's id_token will describe it; tests override fields per case. */
let account: Record<string, unknown> = {};

describe.each(TEST_DATABASES)('Google sign-in on %s', (kind) => {
  let oidc: OAuth2Server;
  let context: TestContext;

  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    // Only the id_token (the access token carries a scope) gets the account's claims.
    oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      if (!('scope' in token.payload)) Object.assign(token.payload, account);
    });
    context = await createTestApp(kind, {
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'test-client-secret',
        GOOGLE_ISSUER: oidc.issuer.url!,
        PUBLIC_URL: `http://${HOST}`,
      },
    });
  });
  afterAll(async () => {
    await context.close();
    await oidc.stop();
  });
  beforeEach(() => {
    const subject = `google-${Math.random().toString(36).slice(2)}`;
    account = { sub: subject, email: uniqueEmail('google'), email_verified: true, name: 'Gabriela Google' };
  });

  const errorOf = (response: LightMyRequestResponse) => response.json<ErrorResponse>().error;
  const cookieOf = (response: LightMyRequestResponse) => {
    const header = response.headers['set-cookie'];
    return String(Array.isArray(header) ? header[0] : header).split(';')[0] ?? '';
  };

  async function start(app: App = context.app, query = 'language=es&path=%2Fes%2Fauth&country=AR') {
    const response = await app.inject({
      method: 'GET',
      url: `/api/auth/google/start?${query}`,
      headers: { host: HOST },
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(302);
    return { location: new URL(String(response.headers.location)), cookie: cookieOf(response) };
  }

  /** What the browser does at Google: the mock signs the visitor in at once and redirects back. */
  async function authorize(location: URL): Promise<URL> {
    const response = await fetch(location, { redirect: 'manual' });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location') ?? '');
  }

  async function callback(redirect: URL, cookie: string, app: App = context.app) {
    expect(redirect.origin).toBe(`http://${HOST}`);
    return app.inject({
      method: 'GET',
      url: `${redirect.pathname}${redirect.search}`,
      headers: { host: HOST, cookie },
      remoteAddress: uniqueIp(),
    });
  }

  const exchange = (code: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/auth/google/exchange',
      payload: { code },
      remoteAddress: uniqueIp(),
    });

  /** The whole flow; answers the final redirect of the callback. */
  async function signIn(): Promise<LightMyRequestResponse> {
    const { location, cookie } = await start();
    return callback(await authorize(location), cookie);
  }

  function handoffCode(response: LightMyRequestResponse): string {
    expect(response.statusCode).toBe(302);
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/welcome#google_code=[\w-]{43}$/);
    return location.split('=')[1]!;
  }

  function expectFailure(response: LightMyRequestResponse) {
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth?google_error=GOOGLE_SIGN_IN_FAILED');
  }

  it('reports Google sign-in as available', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(response.json()).toEqual({ google: true });
  });

  it('redirects to the authorization endpoint with PKCE, state and nonce, keeping them server-side', async () => {
    const { location, cookie } = await start();
    expect(`${location.origin}${location.pathname}`).toBe(`${oidc.issuer.url!}/authorize`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: `http://${HOST}/api/auth/google/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[\w-]{43}$/);
    expect(params.nonce).toMatch(/^[\w-]{43}$/);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(cookie).toBe(`summa_google_state=${params.state}`);
    const [pending] = await context.database.db.select().from(oauthStates);
    expect(pending).toBeDefined();
    expect(pending?.stateHash).not.toBe(params.state);
  });

  it('creates the user on a first sign-in with the pending language, path and country', async () => {
    const email = String(account.email);
    const response = await signIn();
    const location = String(response.headers.location);
    const code = handoffCode(response);
    // Nothing of the session travels in the redirect.
    expect(location).not.toContain('?');
    expect(response.headers['set-cookie']).toContain('Max-Age=0');

    const exchanged = await exchange(code);
    expect(exchanged.statusCode).toBe(200);
    const session = exchanged.json<Session>();
    expect(session.user).toMatchObject({
      email,
      full_name: 'Gabriela Google',
      preferred_language: 'es',
      plan: 'free',
      role: 'user',
    });
    expect(location).not.toContain(session.access_token);
    const me = await context.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(session) });
    expect(me.json<UserResponse>().user.id).toBe(session.user.id);

    const { db } = context.database;
    const [signup] = await db.select().from(userSignups).where(eq(userSignups.userId, session.user.id));
    expect(signup).toMatchObject({ method: 'google', language: 'es', path: '/es/auth', country: 'AR' });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, session.user.id));
    expect(profile?.preferredLanguage).toBe('es');
    const identities = await db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, session.user.id));
    expect(identities).toMatchObject([{ provider: 'google', subject: account.sub }]);

    // The hand-off code works once.
    const again = await exchange(code);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('INVALID_TOKEN');
  });

  it('signs the same Google account into the same user next time', async () => {
    const first = (await exchange(handoffCode(await signIn()))).json<Session>();
    const second = (await exchange(handoffCode(await signIn()))).json<Session>();
    expect(second.user.id).toBe(first.user.id);
    expect(second.refresh_token).not.toBe(first.refresh_token);
  });

  it('links Google to an existing account with the same verified e-mail', async () => {
    const existing = await signUpTestUser(context.app, { signup_language: 'en' });
    account.email = existing.email.toUpperCase();
    const session = (await exchange(handoffCode(await signIn()))).json<Session>();
    expect(session.user.id).toBe(existing.session.user.id);
    expect(session.user.preferred_language).toBe('en');
    const identities = await context.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, existing.session.user.id));
    expect(identities).toHaveLength(1);
  });

  it('proves the address, and takes an unproven account over from whoever chose its password', async () => {
    const stranger = await signUpTestUser(context.app, { password: 'stranger pass' });
    expect(stranger.session.user.email_confirmed).toBe(false);
    account.email = stranger.email;
    const owner = (await exchange(handoffCode(await signIn()))).json<Session>();
    expect(owner.user).toMatchObject({ id: stranger.session.user.id, email_confirmed: true });
    await expectSignedOutForGood(context.app, stranger);
    // A proven account keeps its password and sessions when Google signs in again.
    const again = (await exchange(handoffCode(await signIn()))).json<Session>();
    const ownerNow = await context.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: bearer(owner),
    });
    expect(ownerNow.statusCode).toBe(200);
    expect(again.user.id).toBe(owner.user.id);
  });

  it('lets another instance finish a flow this one started', async () => {
    const second = await buildApp({
      config: testConfig({
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'test-client-secret',
        GOOGLE_ISSUER: oidc.issuer.url!,
        PUBLIC_URL: `http://${HOST}`,
      }),
      database: context.database,
    });
    await second.ready();
    try {
      const { location, cookie } = await start(context.app);
      const response = await callback(await authorize(location), cookie, second);
      expect((await exchange(handoffCode(response))).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('takes the language from the browser when the start named none', async () => {
    const { location, cookie } = await start(context.app, '');
    const redirect = await authorize(location);
    const response = await context.app.inject({
      method: 'GET',
      url: `${redirect.pathname}${redirect.search}`,
      headers: { host: HOST, cookie, 'accept-language': 'en-US,en;q=0.9' },
    });
    const session = (await exchange(handoffCode(response))).json<Session>();
    expect(session.user.preferred_language).toBe('en');
  });

  describe('refuses', () => {
    it('a callback without the state cookie of the browser that started (login CSRF)', async () => {
      const { location } = await start();
      expectFailure(await callback(await authorize(location), ''));
      const other = await start();
      expectFailure(await callback(await authorize(location), other.cookie));
    });

    it('a state used twice', async () => {
      const { location, cookie } = await start();
      const redirect = await authorize(location);
      handoffCode(await callback(redirect, cookie));
      expectFailure(await callback(redirect, cookie));
    });

    it('an expired pending sign-in', async () => {
      const { location, cookie } = await start();
      await context.database.db.update(oauthStates).set({ expiresAt: new Date(Date.now() - 1000) });
      expectFailure(await callback(await authorize(location), cookie));
    });

    it('the error Google sends when the visitor cancels', async () => {
      const { location, cookie } = await start();
      const state = location.searchParams.get('state') ?? '';
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/auth/google/callback?error=access_denied&state=${state}`,
        headers: { host: HOST, cookie },
      });
      expectFailure(response);
    });

    it.each([
      ['a wrong nonce', { nonce: 'not-the-nonce' }],
      ['another audience', { aud: 'someone-else' }],
      ['another issuer', { iss: 'https://evil.example' }],
      [
        'an expired id_token',
        { exp: Math.floor(Date.now() / 1000) - 600, iat: Math.floor(Date.now() / 1000) - 4200 },
      ],
      ['an unverified e-mail', { email_verified: false }],
      ['no e-mail', { email: undefined }],
    ])('an id_token with %s', async (_case, claims) => {
      Object.assign(account, claims);
      const { location, cookie } = await start();
      expectFailure(await callback(await authorize(location), cookie));
    });

    it('an id_token signed with a key the issuer does not publish', async () => {
      const { location, cookie } = await start();
      const redirect = await authorize(location);
      // Right claims, wrong signer: a key that the issuer's JWKS does not list.
      const stranger = new OAuth2Server();
      await stranger.issuer.keys.generate('RS256');
      await stranger.start(0, '127.0.0.1');
      try {
        const forged = await stranger.issuer.buildToken({
          scopesOrTransform: (_header, payload) =>
            Object.assign(payload, account, { iss: oidc.issuer.url, aud: CLIENT_ID }),
        });
        oidc.service.once('beforeResponse', (response: { body: Record<string, unknown> }) => {
          response.body.id_token = forged;
        });
        expectFailure(await callback(redirect, cookie));
      } finally {
        await stranger.stop();
      }
    });

    it('a made-up exchange code', async () => {
      const response = await exchange('x'.repeat(43));
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('INVALID_TOKEN');
    });
  });
});
