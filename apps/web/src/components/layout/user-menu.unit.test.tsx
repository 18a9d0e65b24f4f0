import type { Session } from '@summa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../lib/auth/auth-client';
import { setLanguage } from '../../lib/i18n';
import { setThemeChoice, THEME_STORAGE_KEY } from '../../lib/theme';
import { fakeApi, json, noContent, type FakeApi } from '../../test/fake-api';
import { testSession } from '../../test/session-fixture';
import { AppToaster } from '../app-toaster';
import { Header } from './header';
import { renderWithAuth } from '../../test/render-app';

const SESSION: Session = testSession();

function Layout() {
  return (
    <>
      <Header />
      <Outlet />
    </>
  );
}

/** The header over every page, signed in, starting on /home; only the address of the pages matters. */
async function renderSignedIn() {
  await authClient.signInWithPassword({ email: SESSION.user.email, password: 'secret1' });
  return renderWithAuth(
    [{ Component: Layout, children: [{ path: '*', Component: null }] }],
    '/home',
    <AppToaster />,
  );
}

/** Tabs to the account menu's button (after the logo and the language switcher), opens it with `key`. */
async function openFromKeyboard(user: UserEvent, name: string, key: string) {
  await user.tab();
  await user.tab();
  await user.tab();
  expect(document.activeElement).toBe(screen.getByRole('button', { name }));
  await user.keyboard(key);
  return screen.getByRole('menu');
}

/** The menu's items as the reader sees them: text and address (none for Sign out). */
function items(menu: HTMLElement) {
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => [item.textContent, item.getAttribute('href')]);
}

let api: FakeApi;

beforeEach(() => {
  // Sign-in answers SESSION, sign-out 204; every request is recorded.
  api = fakeApi({ 'POST /api/auth/login': () => json(SESSION), 'POST /api/auth/logout': noContent });
});

afterEach(async () => {
  toast.dismiss();
  await authClient.signOut();
  vi.unstubAllGlobals();
  setLanguage('pt');
});

describe('UserMenu (spec §2, Home page)', () => {
  it('opens from the keyboard with the items in order and their addresses, in Portuguese', async () => {
    setLanguage('pt');
    const user = userEvent.setup();
    await renderSignedIn();
    expect(screen.queryByRole('menu')).toBeNull();

    const menu = await openFromKeyboard(user, 'Menu da conta', '{Enter}');

    expect(within(menu).getByText(SESSION.user.email)).toBeTruthy();
    expect(items(menu)).toEqual([
      ['Perfil', '/profile'],
      ['Ranking', '/ranking'],
      ['Conquistas', '/achievements'],
      ['Revisão', '/review'],
      ['Explorar', '/explore'],
      ['Histórico', '/history'],
      ['Neste dispositivo', '/offline'],
      ['Premium', '/plans'],
      ['Perguntas frequentes', '/faq'],
      ['Contato', '/contact'],
      ['Sair', null],
    ]);
    // The first item takes the focus, so the arrow keys work at once.
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Perfil' }));
  });

  it('lists the same items in English', async () => {
    setLanguage('en');
    const user = userEvent.setup();
    await renderSignedIn();
    const menu = await openFromKeyboard(user, 'Account menu', ' ');
    expect(items(menu).map(([text]) => text)).toEqual([
      'Profile',
      'Ranking',
      'Achievements',
      'Review',
      'Explore',
      'History',
      'On this device',
      'Premium',
      'FAQ',
      'Contact',
      'Sign out',
    ]);
  });

  it('goes to /plans when Premium is chosen with the arrow keys and Enter', async () => {
    setLanguage('en');
    const user = userEvent.setup();
    const router = await renderSignedIn();
    await openFromKeyboard(user, 'Account menu', '{ArrowDown}');

    await user.keyboard('{ArrowDown>7/}');
    expect(document.activeElement?.textContent).toBe('Premium');
    await user.keyboard('{Enter}');

    expect(router.state.location.pathname).toBe('/plans');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('signs out through the auth module, says so in a toast and goes to /auth', async () => {
    setLanguage('pt');
    const user = userEvent.setup();
    const router = await renderSignedIn();
    await openFromKeyboard(user, 'Menu da conta', '{Enter}');

    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Sair');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Você saiu da sua conta.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(
      api.to('/api/auth/logout').map((request) => ({
        route: `${request.method} ${request.path}`,
        authorization: request.headers.get('Authorization'),
      })),
    ).toEqual([{ route: 'POST /api/auth/logout', authorization: `Bearer ${SESSION.access_token}` }]);
    expect(authClient.currentSession()).toBeNull();
    // Signed out, the header offers to sign in again instead of the account menu.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Entrar' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Menu da conta' })).toBeNull();
  });

  it('offers the theme as three radio items; Enter on Escuro shows it and keeps the menu open', async () => {
    setLanguage('pt');
    const user = userEvent.setup();
    await renderSignedIn();
    const menu = await openFromKeyboard(user, 'Menu da conta', '{Enter}');
    const group = within(menu).getByRole('group', { name: 'Tema' });
    const choices = within(group).getAllByRole('menuitemradio');
    expect(choices.map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['Do sistema', 'true'],
      ['Claro', 'false'],
      ['Escuro', 'false'],
    ]);
    await user.keyboard('{End}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Escuro');
    await user.keyboard('{Enter}');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByRole('menuitemradio', { name: 'Escuro' }).getAttribute('aria-checked')).toBe('true');
    setThemeChoice('system');
  });

  it('shows the sign-out toast in Spanish', async () => {
    setLanguage('es');
    const user = userEvent.setup();
    await renderSignedIn();
    const menu = await openFromKeyboard(user, 'Menú de la cuenta', '{Enter}');
    await user.click(within(menu).getByRole('menuitem', { name: 'Cerrar sesión' }));
    expect(await screen.findByText('Cerraste tu sesión.')).toBeTruthy();
  });
});
