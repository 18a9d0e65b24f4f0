import type { Session } from '@summa/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../lib/auth/auth-client';
import { setLanguage } from '../../lib/i18n';
import { apiError, fakeApi, json, noContent } from '../../test/fake-api';
import { testSession } from '../../test/session-fixture';
import { rememberReturnPath } from '../../lib/auth/return-target';
import { WelcomePage } from './welcome-page';
import { renderWithAuth } from '../../test/render-app';

const SESSION: Session = testSession();

/** The network boundary: the Google code exchange answers `exchange`; logout and login work. */
function fakeServer(exchange: () => Response) {
  const api = fakeApi({
    'POST /api/auth/google/exchange': exchange,
    'POST /api/auth/login': () => json(SESSION),
    'POST /api/auth/logout': noContent,
  });
  return () => api.to('/api/auth/google/exchange').map((request) => request.body);
}

/** Where the page leads; only the address matters here. */
function Elsewhere() {
  return null;
}

function renderWelcome(entry: string) {
  return renderWithAuth(
    [
      { path: '/welcome', Component: WelcomePage },
      { path: '/auth', Component: Elsewhere },
      { path: '/home', Component: Elsewhere },
      { path: '/summary/:id', Component: Elsewhere },
    ],
    entry,
  );
}

beforeEach(() => {
  setLanguage('en');
});

afterEach(async () => {
  vi.useRealTimers();
  fakeServer(noContent);
  await authClient.signOut();
  vi.unstubAllGlobals();
});

describe('WelcomePage', () => {
  it('exchanges the Google code once, takes it out of the address, then counts down', async () => {
    const exchanged = fakeServer(() => json(SESSION));
    const router = renderWelcome('/welcome#google_code=one-time');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Summa!');
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(await screen.findByText('Taking you to the home page in 5 s.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page now' }).getAttribute('href')).toBe('/home');
    expect(exchanged()).toEqual([{ code: 'one-time' }]);
    expect(authClient.currentSession()).toEqual(SESSION);
  });

  it('goes back to /auth with the Google error when the exchange fails', async () => {
    fakeServer(() => apiError(400, 'GOOGLE_SIGN_IN_FAILED', 'Nope.'));
    const router = renderWelcome('/welcome#google_code=spent');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe('?google_error=GOOGLE_SIGN_IN_FAILED');
  });

  it('moves on to /home after 5 seconds (spec §9)', async () => {
    fakeServer(() => json(SESSION));
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

  it('after the 5 seconds, goes on to the shared link remembered before sign-up', async () => {
    fakeServer(() => json(SESSION));
    await authClient.signInWithPassword({ email: SESSION.user.email, password: 'secret1' });
    rememberReturnPath('/summary/abc');
    vi.useFakeTimers();
    const router = renderWelcome('/welcome');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(router.state.location.pathname).toBe('/summary/abc');
  });

  it('back from Google, leads on to the shared link remembered before leaving', async () => {
    fakeServer(() => json(SESSION));
    rememberReturnPath('/summary/xyz');
    renderWelcome('/welcome#google_code=one-more');
    const link = await screen.findByRole('link', { name: 'Go to the summary now' });
    expect(link.getAttribute('href')).toBe('/summary/xyz');
  });

  it.each([
    ['pt', 'Vamos levar você ao resumo em 5 s.', 'Ir para o resumo agora'],
    ['en', 'Taking you to the summary in 5 s.', 'Go to the summary now'],
    ['es', 'Te llevaremos al resumen en 5 s.', 'Ir al resumen ahora'],
  ] as const)(
    'in %s, says it goes to the shared summary, not home (issue 14)',
    async (language, text, link) => {
      setLanguage(language);
      fakeServer(() => json(SESSION));
      await authClient.signInWithPassword({ email: SESSION.user.email, password: 'secret1' });
      rememberReturnPath('/summary/abc');
      renderWelcome('/welcome');
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/summary/abc');
    },
  );

  it.each([
    ['pt', 'Vamos continuar em 5 s.', 'Continuar agora'],
    ['en', 'Continuing in 5 s.', 'Continue now'],
    ['es', 'Continuaremos en 5 s.', 'Continuar ahora'],
  ] as const)(
    'in %s, says only that it continues when the target is another page',
    async (language, text, link) => {
      setLanguage(language);
      fakeServer(() => json(SESSION));
      await authClient.signInWithPassword({ email: SESSION.user.email, password: 'secret1' });
      rememberReturnPath('/explore?q=habits');
      renderWelcome('/welcome');
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/explore?q=habits');
    },
  );
});
