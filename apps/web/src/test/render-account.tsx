import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppToaster } from '../components/app-toaster';
import { AuthContext } from '../lib/auth/auth-context';
import { renderWithQueries } from './query-client';
import { testSession } from './session-fixture';

/**
 * A part of Settings' Account section at /settings for the test reader (with a password unless
 * said otherwise), with the toasts, /auth and the landing pages to be sent to.
 */
export function renderAccount(ui: ReactElement, options: { hasPassword?: boolean; path?: string } = {}) {
  const session = testSession();
  session.user.has_password = options.hasPassword ?? true;
  const router = createMemoryRouter(
    [
      { path: '/settings', element: ui },
      { path: '/auth', element: <main data-testid="auth-page" /> },
      { path: '/:language', element: <main data-testid="landing-page" /> },
    ],
    { initialEntries: [options.path ?? '/settings'] },
  );
  const rendered = renderWithQueries(
    <AuthContext.Provider value={{ session, user: session.user, loading: false }}>
      <RouterProvider router={router} />
      <AppToaster />
    </AuthContext.Provider>,
  );
  return { ...rendered, router, session };
}
