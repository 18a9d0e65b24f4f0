import type { Session } from '@summa/shared';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authClient } from '../../lib/auth/auth-client';
import { setLanguage } from '../../lib/i18n';
import { testSession } from '../../test/session-fixture';
import { Header } from './header';
import { renderWithAuth, withSignInApi } from '../../test/render-app';

const SESSION: Session = testSession();

function renderHeader(path = '/') {
  renderWithAuth([{ path: '*', Component: Header }], path);
}

const logo = () => screen.getByRole('link', { name: 'Summa' });

withSignInApi(SESSION);

describe('Header for a visitor', () => {
  it("leads to the language's landing page and to sign-in, in Portuguese", () => {
    setLanguage('pt');
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Idioma e conta' });
    expect(within(nav).getByRole('button', { name: 'Idioma: PT' }).textContent).toBe('pt');
    expect(within(nav).getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/auth?lang=pt');
    expect(logo().getAttribute('href')).toBe('/pt');
    expect(screen.queryByRole('button', { name: 'Menu da conta' })).toBeNull();
  });

  it('follows a change of language', () => {
    setLanguage('pt');
    renderHeader('/pt/faq');
    act(() => {
      setLanguage('es');
    });
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/auth?lang=es');
    expect(screen.getByRole('button', { name: 'Idioma: ES' }).textContent).toBe('es');
    expect(logo().getAttribute('href')).toBe('/es');
  });
});

describe('Header when signed in', () => {
  it('leads home and offers the account menu instead of sign-in', async () => {
    setLanguage('en');
    await authClient.signInWithPassword({ email: SESSION.user.email, password: 'secret1' });
    renderHeader('/history');
    expect(logo().getAttribute('href')).toBe('/home');
    const account = screen.getByRole('button', { name: 'Account menu' });
    expect(account.getAttribute('title')).toBe(SESSION.user.email);
    expect(account.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Language: EN' })).toBeTruthy();
  });
});
