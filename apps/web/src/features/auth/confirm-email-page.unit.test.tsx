import { screen } from '@testing-library/react';
import { translations } from '@summa/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { apiError, fakeApi, noContent, type FakeHandler } from '../../test/fake-api';
import { ConfirmEmailPage } from './confirm-email-page';
import { renderWithAuth } from '../../test/render-app';

const texts = translations.es.auth.confirm;

function renderPage(entry: string, confirm: FakeHandler) {
  const api = fakeApi({ 'POST /api/auth/confirm': confirm });
  renderWithAuth([{ path: '/auth/confirm', Component: ConfirmEmailPage }], entry);
  return () => api.to('/api/auth/confirm').map((request) => request.body);
}

beforeEach(() => {
  setLanguage('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ConfirmEmailPage', () => {
  it('spends the link once and says the address is confirmed, with a way to sign in', async () => {
    const sent = renderPage('/auth/confirm?token=mailed-token-123', noContent);
    expect(await screen.findByText(texts.done)).toBeTruthy();
    expect(sent()).toEqual([{ token: 'mailed-token-123' }]);
    expect(screen.getByRole('link', { name: texts.signIn }).getAttribute('href')).toBe('/auth?mode=login');
  });

  it('says a spent or expired link is one, and what to do', async () => {
    renderPage('/auth/confirm?token=spent-token-123', () =>
      apiError(400, 'INVALID_TOKEN', 'Este enlace o sesión no es válido o ha caducado.'),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(texts.failed);
    expect(alert.textContent).toContain(texts.invalidLink);
    expect(alert.textContent).toContain(texts.expiredHint);
  });

  it("shows the server's translated message for another failure", async () => {
    renderPage('/auth/confirm?token=busy-token-123', () =>
      apiError(429, 'RATE_LIMITED', 'Demasiados intentos. Espera un momento.'),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Demasiados intentos. Espera un momento.',
    );
  });

  it('says an incomplete link is incomplete, without calling the server', () => {
    const sent = renderPage('/auth/confirm', noContent);
    expect(screen.getByRole('alert').textContent).toContain(texts.missingToken);
    expect(sent()).toEqual([]);
  });
});
