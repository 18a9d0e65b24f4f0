import type { AuthUser, Session } from '@summa/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest } from '../api-client';
import { setLanguage } from '../i18n';
import { apiError, fakeApi, json, noContent } from '../../test/fake-api';
import { AUTO_REFRESH_TICK_MS, createAuthClient, type AuthChangeEvent, type AuthClient } from './auth-client';
import { PENDING_SIGNUP_STORAGE_KEY, SESSION_STORAGE_KEY } from './session-storage';

const NOW = new Date('2026-03-01T12:00:00Z').getTime();
/** The answer of the stand-in endpoint the retry tests call. */
const okSchema = z.object({ ok: z.boolean() });

const USER: AuthUser = {
  id: '5f0c7f3e-8a39-4d43-9d8b-2f1c3b9e6a01',
  email: 'ana@example.com',
  full_name: 'Ana Souza',
  role: 'user',
  email_confirmed: true,
  has_password: true,
  preferred_language: 'pt',
  plan: 'free',
  created_at: '2026-03-01T12:00:00.000Z',
};

let issued = 0;

/** A session as the server would issue it, valid for `seconds` from the (fake) clock. */
function sessionFor(seconds = 3600, user: AuthUser = USER): Session {
  issued += 1;
  const now = Math.floor(Date.now() / 1000);
  return {
    access_token: `access-${issued}`,
    refresh_token: `refresh-${issued}`,
    expires_in: seconds,
    expires_at: now + seconds,
    token_type: 'bearer',
    user,
  };
}

function recordEvents(client: AuthClient) {
  const events: [AuthChangeEvent, string | null][] = [];
  client.onAuthStateChange((event, session) => events.push([event, session?.access_token ?? null]));
  return events;
}

function store(session: Session) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

function storedSession(): Session | null {
  const raw = localStorage.getItem(SESSION_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as Session) : null;
}

/** Lets pending promise callbacks (fake fetch answers, listeners) run. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

let clients: AuthClient[] = [];
function newClient(options: Parameters<typeof createAuthClient>[0] = {}) {
  const client = createAuthClient(options);
  clients.push(client);
  return client;
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  setLanguage('pt');
});

afterEach(() => {
  for (const client of clients) client.stop();
  clients = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('signing in and out', () => {
  it('stores the session, sends the language and no token before sign-in, and a bearer token after', async () => {
    const session = sessionFor();
    const server = fakeApi({
      'POST /api/auth/login': () => json(session),
      'GET /api/auth/user': () => json({ user: USER }),
    });
    setLanguage('es');
    const client = newClient();

    await client.signInWithPassword({ email: USER.email, password: 'secret1' });

    const [login] = server.to('/api/auth/login');
    expect(login?.body).toEqual({ email: USER.email, password: 'secret1' });
    expect(login?.headers.get('Accept-Language')).toBe('es');
    expect(login?.headers.has('Authorization')).toBe(false);
    expect(storedSession()).toEqual(session);

    await client.getUser();
    expect(server.to('/api/auth/user')[0]?.headers.get('Authorization')).toBe(
      `Bearer ${session.access_token}`,
    );
  });

  /** The sign-up form's values, and the fields of the request they make. */
  const SIGN_UP = { email: USER.email, password: 'secret1', fullName: USER.full_name };
  const SIGN_UP_BODY = { email: USER.email, password: 'secret1', full_name: USER.full_name };

  it('signs up with the sign-up metadata and forgets the pending values', async () => {
    const session = sessionFor();
    const server = fakeApi({ 'POST /api/auth/signup': () => json(session, 201) });
    localStorage.setItem(
      PENDING_SIGNUP_STORAGE_KEY,
      JSON.stringify({ language: 'en', path: '/x', country: '' }),
    );
    const client = newClient();

    await client.signUp(SIGN_UP, { language: 'pt', path: '/pt/auth', country: 'BR' });

    expect(server.to('/api/auth/signup')[0]?.body).toEqual({
      ...SIGN_UP_BODY,
      signup_language: 'pt',
      signup_path: '/pt/auth',
      signup_country: 'BR',
    });
    expect(localStorage.getItem(PENDING_SIGNUP_STORAGE_KEY)).toBeNull();
    expect(client.currentSession()).toEqual(session);
  });

  it('leaves out an unknown path and country', async () => {
    const server = fakeApi({ 'POST /api/auth/signup': () => json(sessionFor(), 201) });
    await newClient().signUp(SIGN_UP, { language: 'es', path: '', country: '' });
    expect(server.to('/api/auth/signup')[0]?.body).toEqual({
      ...SIGN_UP_BODY,
      signup_language: 'es',
    });
  });

  it('goes to Google with the pending values, keeps them, and exchanges the returned code', async () => {
    const session = sessionFor();
    const server = fakeApi({ 'POST /api/auth/google/exchange': () => json(session) });
    const redirect = vi.fn();
    const client = newClient({ redirect });

    client.signInWithGoogle({ language: 'en', path: '/en/auth', country: 'US' });
    expect(redirect).toHaveBeenCalledWith('/api/auth/google/start?language=en&path=%2Fen%2Fauth&country=US');
    expect(JSON.parse(localStorage.getItem(PENDING_SIGNUP_STORAGE_KEY) ?? 'null')).toEqual({
      language: 'en',
      path: '/en/auth',
      country: 'US',
    });

    await client.exchangeGoogleCode('one-time');
    expect(server.to('/api/auth/google/exchange')[0]?.body).toEqual({ code: 'one-time' });
    expect(localStorage.getItem(PENDING_SIGNUP_STORAGE_KEY)).toBeNull();
    expect(storedSession()).toEqual(session);
  });

  it('signs out on the server with the token, then clears the session even if the server fails', async () => {
    const session = sessionFor();
    store(session);
    const server = fakeApi({ 'POST /api/auth/logout': () => apiError(500, 'INTERNAL_ERROR', 'boom') });
    const client = newClient();

    await client.signOut();

    expect(server.to('/api/auth/logout')[0]?.headers.get('Authorization')).toBe(
      `Bearer ${session.access_token}`,
    );
    expect(storedSession()).toBeNull();
    expect(client.currentSession()).toBeNull();
  });

  it("rejects with the server's code and translated message", async () => {
    fakeApi({
      'POST /api/auth/login': () => apiError(401, 'INVALID_CREDENTIALS', 'E-mail ou senha incorretos.'),
    });
    const failure = newClient().signInWithPassword({ email: USER.email, password: 'wrong-1' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'E-mail ou senha incorretos.',
    });
    expect(storedSession()).toBeNull();
  });
});

describe('events', () => {
  it('fires INITIAL_SESSION first, then each change in order', async () => {
    const first = sessionFor();
    const refreshed = sessionFor();
    const recovered = sessionFor();
    fakeApi({
      'POST /api/auth/login': () => json(first),
      'GET /api/auth/user': () => json({ user: { ...USER, plan: 'premium' } }),
      'POST /api/auth/refresh': () => json(refreshed),
      'POST /api/auth/logout': noContent,
      'POST /api/auth/reset': () => json(recovered),
    });
    const client = newClient();
    const events = recordEvents(client);

    await client.signInWithPassword({ email: USER.email, password: 'secret1' });
    await client.getUser();
    await client.refreshSession();
    await client.signOut();
    await client.resetPassword('emailed-token', 'another1');

    expect(events).toEqual([
      ['INITIAL_SESSION', null],
      ['SIGNED_IN', first.access_token],
      ['USER_UPDATED', first.access_token],
      ['TOKEN_REFRESHED', refreshed.access_token],
      ['SIGNED_OUT', null],
      ['PASSWORD_RECOVERY', recovered.access_token],
    ]);
    expect(storedSession()).toEqual(recovered);
  });

  it('gives a late subscriber the current session as INITIAL_SESSION', async () => {
    const session = sessionFor();
    store(session);
    fakeApi({});
    const client = newClient();
    await settle();
    const events = recordEvents(client);
    await settle();
    expect(events).toEqual([['INITIAL_SESSION', session.access_token]]);
  });

  it('renews a stored session that has already expired before INITIAL_SESSION', async () => {
    const old = sessionFor(-60);
    const renewed = sessionFor();
    store(old);
    const server = fakeApi({ 'POST /api/auth/refresh': () => json(renewed) });
    const events = recordEvents(newClient());
    await settle();
    expect(server.to('/api/auth/refresh')[0]?.body).toEqual({ refresh_token: old.refresh_token });
    expect(events).toEqual([['INITIAL_SESSION', renewed.access_token]]);
    expect(storedSession()).toEqual(renewed);
  });

  it('stops calling a listener once it unsubscribes', async () => {
    fakeApi({ 'POST /api/auth/login': () => json(sessionFor()) });
    const client = newClient();
    const listener = vi.fn();
    const subscription = client.onAuthStateChange(listener);
    await settle();
    subscription.unsubscribe();
    await client.signInWithPassword({ email: USER.email, password: 'secret1' });
    expect(listener.mock.calls.map(([event]) => event as AuthChangeEvent)).toEqual(['INITIAL_SESSION']);
  });
});

describe('the 30 s refresh tick', () => {
  it('refreshes only once 3 ticks or fewer remain before expires_at', async () => {
    // 200 s left: 6 whole ticks now, then 5, 4 and 3 after 30, 60 and 90 seconds.
    const session = sessionFor(200);
    const renewed = sessionFor(3600);
    store(session);
    const server = fakeApi({ 'POST /api/auth/refresh': () => json(renewed) });
    const client = newClient();
    const events = recordEvents(client);
    client.start();

    await vi.advanceTimersByTimeAsync(3 * AUTO_REFRESH_TICK_MS - 1);
    expect(server.to('/api/auth/refresh')).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    expect(server.to('/api/auth/refresh')).toHaveLength(1);
    expect(server.to('/api/auth/refresh')[0]?.body).toEqual({ refresh_token: session.refresh_token });
    expect(storedSession()).toEqual(renewed);
    expect(events).toEqual([
      ['INITIAL_SESSION', session.access_token],
      ['TOKEN_REFRESHED', renewed.access_token],
    ]);

    // The renewed session has an hour left: the following ticks leave it alone.
    await vi.advanceTimersByTimeAsync(10 * AUTO_REFRESH_TICK_MS);
    expect(server.to('/api/auth/refresh')).toHaveLength(1);
  });

  it('keeps the session when the network fails and tries again on the next tick', async () => {
    const session = sessionFor(60);
    const renewed = sessionFor(3600);
    store(session);
    let online = false;
    const server = fakeApi({
      'POST /api/auth/refresh': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return json(renewed);
      },
    });
    const client = newClient();
    client.start();
    await settle();
    expect(server.to('/api/auth/refresh')).toHaveLength(1);
    expect(client.currentSession()).toEqual(session);

    online = true;
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_TICK_MS);
    expect(server.to('/api/auth/refresh')).toHaveLength(2);
    expect(client.currentSession()).toEqual(renewed);
  });

  it('signs out when the server refuses the refresh token', async () => {
    store(sessionFor(60));
    fakeApi({
      'POST /api/auth/refresh': () => apiError(401, 'INVALID_TOKEN', 'Sessão inválida.'),
    });
    const client = newClient();
    const events = recordEvents(client);
    client.start();
    await settle();
    expect(events.map(([event]) => event)).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
    expect(storedSession()).toBeNull();
  });
});

describe('one refresh at a time', () => {
  it('shares one request between concurrent callers', async () => {
    const session = sessionFor(60);
    const renewed = sessionFor(3600);
    store(session);
    let answer: (response: Response) => void = () => undefined;
    const server = fakeApi({
      'POST /api/auth/refresh': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const client = newClient();
    await settle();

    const callers = [client.refreshSession(), client.refreshSession(), client.getSession()];
    client.start(); // its first tick wants a refresh too
    await settle();
    expect(server.to('/api/auth/refresh')).toHaveLength(1);

    answer(json(renewed));
    expect(await Promise.all(callers)).toEqual([renewed, renewed, renewed]);
    expect(server.to('/api/auth/refresh')).toHaveLength(1);
  });

  it('renews once on a 401 and retries the call once with the new token', async () => {
    const session = sessionFor();
    const renewed = sessionFor();
    store(session);
    const server = fakeApi({
      'POST /api/auth/refresh': () => json(renewed),
      'GET /api/me': ({ headers }) =>
        headers.get('Authorization') === `Bearer ${renewed.access_token}`
          ? json({ ok: true })
          : apiError(401, 'UNAUTHORIZED', 'Entre para continuar.'),
    });
    newClient();

    const results = await Promise.all([apiRequest('/api/me', okSchema), apiRequest('/api/me', okSchema)]);

    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(server.to('/api/auth/refresh')).toHaveLength(1);
    expect(server.to('/api/me').map((request) => request.headers.get('Authorization'))).toEqual([
      `Bearer ${session.access_token}`,
      `Bearer ${session.access_token}`,
      `Bearer ${renewed.access_token}`,
      `Bearer ${renewed.access_token}`,
    ]);
  });

  it('gives up after one retry', async () => {
    store(sessionFor());
    const server = fakeApi({
      'POST /api/auth/refresh': () => json(sessionFor()),
      'GET /api/me': () => apiError(401, 'UNAUTHORIZED', 'Entre para continuar.'),
    });
    newClient();
    await expect(apiRequest('/api/me', okSchema)).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(server.to('/api/me')).toHaveLength(2);
    expect(server.to('/api/auth/refresh')).toHaveLength(1);
  });

  it('does not refresh on a 401 when nobody is signed in', async () => {
    const server = fakeApi({
      'GET /api/me': () => apiError(401, 'UNAUTHORIZED', 'Entre para continuar.'),
    });
    newClient();
    await expect(apiRequest('/api/me', okSchema)).rejects.toMatchObject({ status: 401 });
    expect(server.to('/api/me')).toHaveLength(1);
    expect(server.to('/api/me')[0]?.headers.has('Authorization')).toBe(false);
  });
});

describe('other tabs', () => {
  function otherTabWrites(value: Session | null) {
    const newValue = value ? JSON.stringify(value) : null;
    if (newValue) localStorage.setItem(SESSION_STORAGE_KEY, newValue);
    else localStorage.removeItem(SESSION_STORAGE_KEY);
    window.dispatchEvent(
      new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue, storageArea: localStorage }),
    );
  }

  it('follows a sign-in, a refresh, a user update and a sign-out made in another tab', async () => {
    fakeApi({});
    const client = newClient();
    const events = recordEvents(client);
    client.start();
    await settle();

    const signedIn = sessionFor();
    otherTabWrites(signedIn);
    const refreshed = sessionFor();
    otherTabWrites(refreshed);
    otherTabWrites({ ...refreshed, user: { ...USER, full_name: 'Ana S.' } });
    otherTabWrites(null);

    expect(events).toEqual([
      ['INITIAL_SESSION', null],
      ['SIGNED_IN', signedIn.access_token],
      ['TOKEN_REFRESHED', refreshed.access_token],
      ['USER_UPDATED', refreshed.access_token],
      ['SIGNED_OUT', null],
    ]);
    expect(client.currentSession()).toBeNull();
  });

  it('ignores other keys, and stops following once stopped', async () => {
    fakeApi({});
    const client = newClient();
    const events = recordEvents(client);
    client.start();
    await settle();

    window.dispatchEvent(new StorageEvent('storage', { key: 'language', newValue: 'en' }));
    client.stop();
    otherTabWrites(sessionFor());

    expect(events).toEqual([['INITIAL_SESSION', null]]);
  });

  it('uses a session another tab already renewed instead of spending the old refresh token', async () => {
    const session = sessionFor(60);
    store(session);
    const server = fakeApi({ 'POST /api/auth/refresh': () => json(sessionFor()) });
    const client = newClient();
    await settle();

    // The other tab renewed it, but this tab has not heard the storage event yet.
    const renewedElsewhere = sessionFor(3600);
    store(renewedElsewhere);

    await expect(client.refreshSession()).resolves.toEqual(renewedElsewhere);
    expect(server.to('/api/auth/refresh')).toHaveLength(0);
  });
});
