import type { Session } from '@summa/shared';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { authClient } from '../lib/auth/auth-client';
import { AuthContext } from '../lib/auth/auth-context';
import { AuthProvider } from '../lib/auth/auth-provider';
import { setLanguage } from '../lib/i18n';
import { ReaderProgressProvider } from '../lib/progress/progress-provider';
import { fakeApi, json, noContent } from './fake-api';
import { renderWithQueries } from './query-client';

/**
 * `routes` in a memory router at `path`, under the app's own AuthProvider (whose session comes
 * through the fake API) and a query client of the test's own; `siblings` render beside the router (a toaster). The router is returned.
 */
export function renderWithAuth(routes: RouteObject[], path: string, siblings?: ReactNode) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithQueries(
    <AuthProvider>
      <RouterProvider router={router} />
      {siblings}
    </AuthProvider>,
  );
  return router;
}

/**
 * `ui` as a signed-in reader's page renders: under `session` as given (no sign-in), the reader's
 * progress read through the fake API, and a query client of the test's own.
 */
export function renderSignedIn(session: Session, ui: ReactNode) {
  return renderWithQueries(
    <AuthContext.Provider value={{ session, user: session.user, loading: false }}>
      <ReaderProgressProvider>{ui}</ReaderProgressProvider>
    </AuthContext.Provider>,
  );
}

/**
 * For a test file: before each test, sign-in answers `session` and signing out is answered 204;
 * after each, the reader is signed out, the fake API removed and the language back to Portuguese.
 */
export function withSignInApi(session: Session): void {
  beforeEach(() => {
    fakeApi({ 'POST /api/auth/login': () => json(session), 'POST /api/auth/logout': noContent });
  });
  afterEach(async () => {
    await authClient.signOut();
    vi.unstubAllGlobals();
    setLanguage('pt');
  });
}
