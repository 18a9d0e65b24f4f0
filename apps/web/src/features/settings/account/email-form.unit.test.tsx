import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { apiError, fakeApi, json, type FakeApi } from '../../../test/fake-api';
import { renderAccount } from '../../../test/render-account';
import { EmailForm } from './email-form';
import { englishUser } from '../../../test/english-user';

let api: FakeApi;
let user: UserEvent;
let answer: (body: { newEmail: string }) => Response;

beforeEach(() => {
  user = englishUser();
  answer = ({ newEmail }) => json({ pendingEmail: newEmail }, 202);
  api = fakeApi({ 'POST /api/me/email': ({ body }) => answer(body as { newEmail: string }) });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const bodies = () => api.to('/api/me/email').map(({ body }) => body);
const newEmail = () => screen.getByLabelText('New e-mail');
const password = () => screen.getByLabelText('Your password');
const send = () => screen.getByRole('button', { name: 'Send confirmation link' });

describe('Account: change e-mail', () => {
  it('asks for a link to the new address and then says where it went, and that the old one still works', async () => {
    renderAccount(<EmailForm email="ana@example.com" hasPassword />);
    expect(screen.getByText(/Your e-mail is ana@example\.com\./)).not.toBeNull();
    await user.type(newEmail(), '  ana.new@example.com ');
    await user.type(password(), 'my-secret');
    await user.click(send());
    const status = await screen.findByText(/We sent a link to ana\.new@example\.com\./);
    expect(status.textContent).toBe(
      'We sent a link to ana.new@example.com. Open it to finish the change; until then you keep signing in with ana@example.com.',
    );
    expect(bodies()).toEqual([{ newEmail: 'ana.new@example.com', password: 'my-secret' }]);
    expect((newEmail() as HTMLInputElement).value).toBe('');
    expect((password() as HTMLInputElement).value).toBe('');
  });

  it('refuses an address that is not one, before sending', async () => {
    renderAccount(<EmailForm email="ana@example.com" hasPassword />);
    await user.type(newEmail(), 'not-an-address');
    await user.type(password(), 'my-secret');
    await user.click(send());
    expect(await screen.findByText('Enter a valid e-mail address.')).not.toBeNull();
    expect(newEmail().getAttribute('aria-invalid')).toBe('true');
    expect(bodies()).toEqual([]);
  });

  it('shows an address of another account (409 EMAIL_TAKEN) under the e-mail field', async () => {
    answer = () => apiError(409, 'EMAIL_TAKEN', 'from the server');
    renderAccount(<EmailForm email="ana@example.com" hasPassword />);
    await user.type(newEmail(), 'bia@example.com');
    await user.type(password(), 'my-secret');
    await user.click(send());
    await screen.findByText('An account with this e-mail already exists.');
    expect(newEmail().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(newEmail()));
    expect(screen.queryByText(/We sent a link/)).toBeNull();
  });

  it('shows a wrong password (400 WRONG_PASSWORD) under the password field', async () => {
    answer = () => apiError(400, 'WRONG_PASSWORD');
    renderAccount(<EmailForm email="ana@example.com" hasPassword />);
    await user.type(newEmail(), 'ana.new@example.com');
    await user.type(password(), 'not-it');
    await user.click(send());
    await screen.findByText('The password is not correct.');
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(newEmail().getAttribute('aria-invalid')).toBeNull();
  });

  it('says another failure in the form', async () => {
    answer = () => apiError(503, 'DATABASE_UNAVAILABLE');
    renderAccount(<EmailForm email="ana@example.com" hasPassword />);
    await user.type(newEmail(), 'ana.new@example.com');
    await user.type(password(), 'my-secret');
    await user.click(send());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The database is unavailable right now. Please try again in a moment.',
    );
  });

  it('an account without a password is told to set one first, and has no form', () => {
    renderAccount(<EmailForm email="ana@example.com" hasPassword={false} />);
    expect(screen.getByText('To change your e-mail, set a password first (just above).')).not.toBeNull();
    expect(screen.queryByLabelText('New e-mail')).toBeNull();
  });

  it('in Spanish, says it all in Spanish', async () => {
    setLanguage('es');
    answer = () => apiError(409, 'EMAIL_TAKEN');
    renderAccount(<EmailForm email="ana@example.com" hasPassword />);
    await user.type(screen.getByLabelText('Nuevo correo electrónico'), 'bia@example.com');
    await user.type(screen.getByLabelText('Tu contraseña'), 'my-secret');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace de confirmación' }));
    await screen.findByText('Ya existe una cuenta con este correo electrónico.');
  });
});
