import type { Session } from '@summa/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authClient } from '../lib/auth/auth-client';
import { setLanguage } from '../lib/i18n';
import { testSession } from '../test/session-fixture';
import { AdminGate, SignedInLayout } from './signed-in-layout';
import { renderWithAuth, withSignInApi } from '../test/render-app';

const SESSION: Session = testSession();

/** Stands for whichever page the route shows. */
function Content() {
  return <div data-testid="page" />;
}

function renderAt(path: string, allowed = true) {
  return renderWithAuth(
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
    path,
  );
}

withSignInApi(SESSION);

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
