import type { MeResponse, ProfileUpdate, Session } from '@summa/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authEntry } from '../../app/guards';
import { AuthContext } from '../../lib/auth/auth-context';
import { currentLanguage, i18n, setLanguage } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-keys';
import { apiError, fakeApi, json } from '../../test/fake-api';
import { testMe } from '../../test/me-fixture';
import { renderWithQueries } from '../../test/query-client';
import { testSession } from '../../test/session-fixture';
import { LanguageSwitcher } from './language-switcher';

function renderSwitcher(path: string, session: Session | null = null) {
  const router = createMemoryRouter(
    [
      // /auth takes its language from ?lang, as in the app's routes.
      { path: '/auth', loader: authEntry, Component: LanguageSwitcher, HydrateFallback: () => null },
      { path: '*', Component: LanguageSwitcher },
    ],
    { initialEntries: [path] },
  );
  const { client } = renderWithQueries(
    <AuthContext value={{ session, user: session?.user ?? null, loading: false }}>
      <RouterProvider router={router} />
      <Toaster />
    </AuthContext>,
  );
  return Object.assign(router, { queryClient: client });
}

/** The menu's choices: their names and which one is checked. */
function choices() {
  return within(screen.getByRole('menu'))
    .getAllByRole('menuitemradio')
    .map((item) => [item.textContent, item.getAttribute('aria-checked')]);
}

afterEach(() => {
  setLanguage('pt');
  vi.unstubAllGlobals();
});

describe('LanguageSwitcher', () => {
  it('is operated from the keyboard: opens, moves to English, picks it and stores it', async () => {
    setLanguage('pt');
    const user = userEvent.setup();
    const router = renderSwitcher('/home');

    await user.tab();
    const trigger = screen.getByRole('button', { name: 'Idioma: PT' });
    expect(document.activeElement).toBe(trigger);
    expect(trigger.textContent).toBe('pt');

    await user.keyboard('{Enter}');
    expect(choices()).toEqual([
      ['Português', 'true'],
      ['English', 'false'],
      ['Español', 'false'],
    ]);
    expect(document.activeElement?.textContent).toBe('Português');

    await user.keyboard('{ArrowDown}{Enter}');

    expect(currentLanguage()).toBe('en');
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.queryByRole('menu')).toBeNull();
    // The trigger speaks the new language and gets the focus back.
    expect(screen.getByRole('button', { name: 'Language: EN' })).toBe(document.activeElement);
    expect(trigger.textContent).toBe('en');
    // Outside a language's pages the address stays.
    expect(router.state.location.pathname).toBe('/home');
  });

  it('opens with Space and closes with Escape without changing the language', async () => {
    setLanguage('es');
    const user = userEvent.setup();
    renderSwitcher('/home');
    await user.tab();
    await user.keyboard(' ');
    expect(choices()).toEqual([
      ['Português', 'false'],
      ['English', 'false'],
      ['Español', 'true'],
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(currentLanguage()).toBe('es');
    expect(localStorage.getItem('language')).toBe('es');
  });

  it("moves a language's page to the same page in the chosen language, keeping the query", async () => {
    setLanguage('pt');
    const user = userEvent.setup();
    const router = renderSwitcher('/pt/faq?q=plano');

    await user.click(screen.getByRole('button', { name: 'Idioma: PT' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Español' }));

    expect(router.state.location.pathname).toBe('/es/faq');
    expect(router.state.location.search).toBe('?q=plano');
    expect(currentLanguage()).toBe('es');
    expect(localStorage.getItem('language')).toBe('es');
  });

  it("moves /pt/auth?lang=pt to /es/auth?lang=es, so the path's and the query's languages agree", async () => {
    setLanguage('pt');
    const user = userEvent.setup();
    const router = renderSwitcher('/pt/auth?lang=pt');
    await user.click(screen.getByRole('button', { name: 'Idioma: PT' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Español' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/es/auth?lang=es');
  });

  it('rewrites a ?lang in the address, so a reload or Back keeps the chosen language', async () => {
    setLanguage('pt');
    const user = userEvent.setup();
    // Where the header's and the landing page's sign-in links lead.
    const router = renderSwitcher('/auth?lang=pt&mode=signup');
    await user.click(await screen.findByRole('button', { name: 'Idioma: PT' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'English' }));

    await waitFor(() => expect(router.state.location.search).toBe('?lang=en&mode=signup'));
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.historyAction).toBe('REPLACE');

    // Reloading the address runs the /auth loader again.
    const { pathname, search } = router.state.location;
    router.dispose();
    cleanup();
    renderSwitcher(`${pathname}${search}`);
    expect(await screen.findByRole('button', { name: 'Language: EN' })).toBeTruthy();
    expect(currentLanguage()).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
  });
});

describe('LanguageSwitcher accessibility (issue 14)', () => {
  it.each([
    ['pt', 'Idioma: PT'],
    ['en', 'Language: EN'],
    ['es', 'Idioma: ES'],
  ] as const)('in %s, its name contains the code it shows', (language, name) => {
    setLanguage(language);
    renderSwitcher('/home');
    const trigger = screen.getByRole('button', { name });
    expect(name).toContain(trigger.textContent.toUpperCase());
  });

  it('leaves the page readable while open: nothing outside the menu is aria-hidden', async () => {
    setLanguage('pt');
    const user = userEvent.setup();
    renderSwitcher('/home');
    await user.click(screen.getByRole('button', { name: 'Idioma: PT' }));
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(document.querySelector('[aria-hidden="true"] button, [aria-hidden="true"] a')).toBeNull();
  });
});

describe('LanguageSwitcher signed in (issue 23)', () => {
  it("saves the choice to the account's preferred language, which Settings and the header read", async () => {
    setLanguage('pt');
    let me: MeResponse = testMe({ profile: { preferredLanguage: 'pt' } });
    const api = fakeApi({
      'PATCH /api/me/profile': ({ body }) => {
        me = { ...me, profile: { ...me.profile, ...(body as ProfileUpdate) } };
        return json({ profile: me.profile });
      },
    });
    const user = userEvent.setup();
    const { queryClient } = renderSwitcher('/home', testSession({ language: 'pt' }));
    queryClient.setQueryData(queryKeys.me, me);
    await user.click(screen.getByRole('button', { name: 'Idioma: PT' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Español' }));

    expect(currentLanguage()).toBe('es');
    await waitFor(() =>
      expect(api.to('/api/me/profile').map(({ body }) => body)).toEqual([{ preferredLanguage: 'es' }]),
    );
    await waitFor(() =>
      expect(queryClient.getQueryData<MeResponse>(queryKeys.me)?.profile.preferredLanguage).toBe('es'),
    );
  });

  it('keeps the language shown and says so when the account could not be told', async () => {
    setLanguage('en');
    fakeApi({ 'PATCH /api/me/profile': () => apiError(500, 'INTERNAL_ERROR') });
    const user = userEvent.setup();
    renderSwitcher('/home', testSession({ language: 'en' }));
    await user.click(screen.getByRole('button', { name: 'Language: EN' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Português' }));
    expect(currentLanguage()).toBe('pt');
    expect(await screen.findByText('Algo deu errado')).toBeTruthy();
  });

  it('signed out, the choice stays in this browser only', async () => {
    setLanguage('pt');
    const api = fakeApi();
    const user = userEvent.setup();
    renderSwitcher('/pt');
    await user.click(screen.getByRole('button', { name: 'Idioma: PT' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'English' }));
    expect(currentLanguage()).toBe('en');
    expect(api.requests).toEqual([]);
  });
});
