import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { testAccountSessions } from '../../../test/account-fixture';
import { apiError, json, noContent } from '../../../test/fake-api';
import { routeFixture } from '../../../test/route-fixture';
import { renderAccount } from '../../../test/render-account';
import { AccountSection } from './account-section';
import { PasswordForm } from './password-form';
import { englishUser } from '../../../test/english-user';

let user: UserEvent;
const endpoint = routeFixture('POST /api/me/password', () => noContent(), {
  'GET /api/me/sessions': () => json({ sessions: testAccountSessions() }),
});

beforeEach(() => {
  user = englishUser();
});

const bodies = () => endpoint.api.to('/api/me/password').map(({ body }) => body);
const current = () => screen.getByLabelText('Current password');
const next = () => screen.getByLabelText('New password');

describe('Account: change password', () => {
  it('sends the current and the new password, says the other devices were signed out, and reads them again', async () => {
    renderAccount(<AccountSection />);
    await screen.findAllByTestId('account-session');
    expect(screen.getByRole('heading', { level: 3, name: 'Change password' })).not.toBeNull();
    await user.type(current(), 'old-secret');
    await user.type(next(), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Password changed. Your other devices were signed out.');
    expect(bodies()).toEqual([{ currentPassword: 'old-secret', newPassword: 'new-secret-1' }]);
    // The form starts again empty; the list of devices is read again.
    expect((current() as HTMLInputElement).value).toBe('');
    expect((next() as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(endpoint.api.to('/api/me/sessions')).toHaveLength(2));
  });

  it('checks the new password by the shared contract before sending anything', async () => {
    renderAccount(<PasswordForm hasPassword email="ana@example.com" onChanged={() => undefined} />);
    await user.type(current(), 'old-secret');
    await user.type(next(), '123');
    await user.tab();
    expect(screen.getByText('The password needs at least 6 characters.')).not.toBeNull();
    expect(next().getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(bodies()).toEqual([]);
  });

  it('shows a wrong current password (400 WRONG_PASSWORD) under its field and focuses it', async () => {
    endpoint.answer = () => apiError(400, 'WRONG_PASSWORD', 'from the server');
    const onChanged = vi.fn();
    renderAccount(<PasswordForm hasPassword email="ana@example.com" onChanged={onChanged} />);
    await user.type(current(), 'not-it');
    await user.type(next(), 'new-secret-1');
    await user.keyboard('{Enter}');
    await screen.findByText('The password is not correct.');
    expect(current().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(current()));
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.queryByText('Password changed. Your other devices were signed out.')).toBeNull();
  });

  it('says any other failure in the form, translated, and keeps what was typed', async () => {
    endpoint.answer = () => apiError(429, 'RATE_LIMITED');
    renderAccount(<PasswordForm hasPassword email="ana@example.com" onChanged={() => undefined} />);
    await user.type(current(), 'old-secret');
    await user.type(next(), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many attempts. Please wait a little and try again.');
    expect((next() as HTMLInputElement).value).toBe('new-secret-1');
  });

  it('says when there is no connection', async () => {
    endpoint.answer = () => {
      throw new TypeError('Failed to fetch');
    };
    renderAccount(<PasswordForm hasPassword email="ana@example.com" onChanged={() => undefined} />);
    await user.type(current(), 'old-secret');
    await user.type(next(), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No connection. Check your internet and try again.',
    );
  });

  it('an account made with Google sets a first password, without a current one', async () => {
    renderAccount(<AccountSection />, { hasPassword: false });
    expect(screen.getByRole('heading', { level: 3, name: 'Set a password' })).not.toBeNull();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.type(next(), 'first-secret');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await screen.findByText('Password set. You can now also sign in with your e-mail and password.');
    expect(bodies()).toEqual([{ newPassword: 'first-secret' }]);
  });

  it('in Portuguese, says it all in Portuguese', async () => {
    setLanguage('pt');
    endpoint.answer = () => apiError(400, 'WRONG_PASSWORD');
    renderAccount(<PasswordForm hasPassword email="ana@example.com" onChanged={() => undefined} />);
    await user.type(screen.getByLabelText('Senha atual'), 'x');
    await user.type(screen.getByLabelText('Nova senha'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    await screen.findByText('A senha não está correta.');
  });
});
