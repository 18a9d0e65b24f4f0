import type { Session } from '@summa/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../lib/auth/auth-client';
import { AuthProvider } from '../lib/auth/auth-provider';
import { setLanguage } from '../lib/i18n';
import { fakeApi, json, noContent } from '../test/fake-api';
import { testSession } from '../test/session-fixture';
import { AdminGate, SignedInLayout } from './signed-in-layout';

const SESSION: Session = testSession();

/** Stands for whichever page the route shows. */
function Content() {
  return <div data-testid="page" />;
}

function renderAt(path: string, allowed = true) {
  const router = createMemoryRouter(
    [
      {
        Component: SignedInLayout,
        HydrateFallback: () => null,
        children: [
          { path: '/history', Component: Content },
          {
            loader: () => ({ allowed }),
            Component: AdminGate,
            children: [{ path: '/admin', Component: Content }],
          },
        ],
      },
      { path: '/auth', Component: null },
    ],
    { initialEntries: [path] },
  );
  render(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return router;
}

beforeEach(() => {
  // Sign-in answers SESSION; signing out is answered 204.
  fakeApi({ 'POST /api/auth/login': () => json(SESSION), 'POST /api/auth/logout': noContent });
});

afterEach(async () => {
  await authClient.signOut();
  vi.unstubAllGlobals();
  setLanguage('pt');
});

describe('SignedInLayout', () => {
  it('shows the page while signed in and follows a later sign-out to /auth', async () => {
    await authClient.signInWithPassword({ email: SESSION.user.email, password: 'secret1' });
    const router = renderAt('/history');
    expect(await screen.findByTestId('page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/history');

    await act(() => authClient.signOut());
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('sends a visitor to /auth once the stored session has been checked', async () => {
    const router = renderAt('/history');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });
});

describe('AdminGate', () => {
  it("shows the admin's page to an admin", async () => {
    await authClient.signInWithPassword({ email: SESSION.user.email, password: 'secret1' });
    renderAt('/admin', true);
    expect(await screen.findByTestId('page')).toBeTruthy();
  });

  it('shows the access-denied page to anyone else, translated', async () => {
    setLanguage('en');
    await authClient.signInWithPassword({ email: SESSION.user.email, password: 'secret1' });
    renderAt('/admin', false);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByTestId('page')).toBeNull();
  });
});
