import type { Session } from '@summa/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../lib/auth/auth-client';
import { AuthProvider } from '../../lib/auth/auth-provider';
import { setLanguage } from '../../lib/i18n';
import { testSession } from '../../test/session-fixture';
import { WelcomePage } from './welcome-page';

const SESSION: Session = testSession();

/** The network boundary: the Google code exchange answers `exchange`; logout and login work. */
function fakeApi(exchange: () => Response) {
  const exchanged: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url === '/api/auth/google/exchange') {
        exchanged.push(JSON.parse(typeof init.body === 'string' ? init.body : 'null'));
        return exchange();
      }
      if (url === '/api/auth/login') return Response.json(SESSION);
      return new Response(null, { status: 204 });
    }),
  );
  return exchanged;
}

/** Where the page leads; only the address matters here. */
function Elsewhere() {
  return null;
}

function renderWelcome(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/welcome', Component: WelcomePage },
      { path: '/auth', Component: Elsewhere },
      { path: '/home', Component: Elsewhere },
    ],
    {
      initialEntries: [entry],
    },
  );
  render(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return router;
}

beforeEach(() => {
  setLanguage('en');
});

afterEach(async () => {
  vi.useRealTimers();
  fakeApi(() => new Response(null, { status: 204 }));
  await authClient.signOut();
  vi.unstubAllGlobals();
});

describe('WelcomePage', () => {
  it('exchanges the Google code once, takes it out of the address, then counts down', async () => {
    const exchanged = fakeApi(() => Response.json(SESSION));
    const router = renderWelcome('/welcome#google_code=one-time');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Summa!');
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(await screen.findByText('Taking you to the home page in 5 s.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page now' }).getAttribute('href')).toBe('/home');
    expect(exchanged).toEqual([{ code: 'one-time' }]);
    expect(authClient.currentSession()).toEqual(SESSION);
  });

  it('goes back to /auth with the Google error when the exchange fails', async () => {
    fakeApi(() =>
      Response.json({ error: { code: 'GOOGLE_SIGN_IN_FAILED', message: 'Nope.' } }, { status: 400 }),
    );
    const router = renderWelcome('/welcome#google_code=spent');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe('?google_error=GOOGLE_SIGN_IN_FAILED');
  });

  it('moves on to /home after 5 seconds (spec §9)', async () => {
    fakeApi(() => Response.json(SESSION));
    await authClient.signInWithPassword({ email: SESSION.user.email, password: 'secret1' });
    vi.useFakeTimers();
    const router = renderWelcome('/welcome');

    expect(screen.getByText('Taking you to the home page in 5 s.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByText('Taking you to the home page in 1 s.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/welcome');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(router.state.location.pathname).toBe('/home');
  });
});
