import type { AuthUser, Session } from '@summa/shared';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../lib/auth/auth-client';
import { currentLanguage, setLanguage } from '../lib/i18n';
import {
  authEntry,
  requireAdmin,
  requireSession,
  requireSessionAfterRetry,
  SESSION_RETRY_DELAY_MS,
} from './guards';
import { fakeApi, json, noContent } from '../test/fake-api';
import { testSession } from '../test/session-fixture';

function sessionOf(role: AuthUser['role']): Session {
  return testSession({ role, language: 'pt', tokenSuffix: role });
}

/** The network boundary: login answers `session`; GET /api/auth/user answers the server's view. */
function fakeServer(session: Session, serverRole: AuthUser['role'] = session.user.role) {
  fakeApi({
    'POST /api/auth/login': () => json(session),
    'POST /api/auth/logout': noContent,
    'GET /api/auth/user': () => json({ user: { ...session.user, role: serverRole } }),
  });
}

function signIn() {
  return authClient.signInWithPassword({ email: 'ana@example.com', password: 'secret1' });
}

function loaderArgs(url: string): LoaderFunctionArgs {
  return { request: new Request(url), params: {}, context: undefined } as LoaderFunctionArgs;
}

function redirectTarget(result: unknown): string | null {
  return result instanceof Response ? result.headers.get('Location') : null;
}

afterEach(async () => {
  vi.useRealTimers();
  fakeServer(sessionOf('user'));
  await authClient.signOut();
  vi.unstubAllGlobals();
});

describe('requireSession', () => {
  it('sends a visitor to /auth and lets a signed-in user through', async () => {
    fakeServer(sessionOf('user'));
    expect(redirectTarget(await requireSession())).toBe('/auth');
    await signIn();
    expect(await requireSession()).toBeNull();
  });

  it('carries the shared link a visitor was opening to /auth in ?next=', async () => {
    fakeServer(sessionOf('user'));
    const request = new Request('http://localhost/summary/abc?x=1');
    expect(redirectTarget(await requireSession({ request }))).toBe('/auth?next=%2Fsummary%2Fabc%3Fx%3D1');
  });
});

describe('requireSessionAfterRetry (spec §4 Home)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('waits about 400 ms for a session that is on its way', async () => {
    fakeServer(sessionOf('user'));
    setTimeout(() => void signIn(), SESSION_RETRY_DELAY_MS - 100);
    const result = requireSessionAfterRetry();
    await vi.advanceTimersByTimeAsync(SESSION_RETRY_DELAY_MS);
    expect(await result).toBeNull();
  });

  it('sends a visitor to /auth only after the second look', async () => {
    fakeServer(sessionOf('user'));
    let settled = false;
    const result = requireSessionAfterRetry().finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(SESSION_RETRY_DELAY_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(redirectTarget(await result)).toBe('/auth');
  });
});

describe('requireAdmin', () => {
  it("follows the server's word on the role", async () => {
    fakeServer(sessionOf('admin'));
    await signIn();
    expect(await requireAdmin()).toEqual({ allowed: true });

    // The stored session still says admin, but the server no longer does.
    fakeServer(sessionOf('admin'), 'user');
    expect(await requireAdmin()).toEqual({ allowed: false });
  });

  it('sends a visitor to /auth', async () => {
    fakeServer(sessionOf('admin'));
    expect(redirectTarget(await requireAdmin())).toBe('/auth');
  });
});

describe('authEntry', () => {
  it('takes the language from ?lang and sends a signed-in user to /home', async () => {
    fakeServer(sessionOf('user'));
    setLanguage('pt');
    expect(await authEntry(loaderArgs('http://localhost/auth?lang=es'))).toBeNull();
    expect(currentLanguage()).toBe('es');
    await authEntry(loaderArgs('http://localhost/auth?lang=xx'));
    expect(currentLanguage()).toBe('es');

    await signIn();
    expect(redirectTarget(await authEntry(loaderArgs('http://localhost/auth')))).toBe('/home');
    setLanguage('pt');
  });
});
