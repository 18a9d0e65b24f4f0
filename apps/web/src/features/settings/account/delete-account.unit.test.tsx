import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth/auth-client';
import { takeReturnPath } from '../../../lib/auth/return-target';
import { setLanguage } from '../../../lib/i18n';
import { apiError, noContent } from '../../../test/fake-api';
import { routeFixture } from '../../../test/route-fixture';
import { renderAccount } from '../../../test/render-account';
import { DeleteAccount } from './delete-account';
import { englishUser } from '../../../test/english-user';

let user: UserEvent;
const endpoint = routeFixture('DELETE /api/me', () => noContent());

beforeEach(() => {
  user = englishUser();
});

const opener = () => screen.getByRole('button', { name: 'Delete my account' });
const dialog = () => screen.getByRole('dialog', { name: 'Delete your account for good?' });
const confirm = () => within(dialog()).getByRole('button', { name: /^(Delete my account|Deleting…)$/ });
const deletions = () => endpoint.api.to('/api/me').filter(({ method }) => method === 'DELETE');

describe('Account: delete my account', () => {
  it('explains what is erased and what stays, and closes on Escape with focus back on its button', async () => {
    renderAccount(<DeleteAccount hasPassword />);
    await user.click(opener());
    const open = dialog();
    expect(open.textContent).toContain('This cannot be undone.');
    expect(within(open).getByRole('heading', { name: 'What we erase' })).not.toBeNull();
    expect(open.textContent).toContain(
      'Your history, your ratings (and any comment of yours on the home page), your reading list, your review cards and the messages you sent us while signed in.',
    );
    expect(within(open).getByRole('heading', { name: 'What stays' })).not.toBeNull();
    expect(open.textContent).toContain(
      'The summaries and audio that were generated, which all readers share, with no link to you left.',
    );
    expect(open.textContent).toContain('Anonymous usage counts, which identify nobody.');
    expect(open.textContent).toContain(
      'If you have an active Premium subscription, it is cancelled at once, with no further charges.',
    );
    // The password field has the focus; Tab stays within the dialog.
    const password = within(open).getByLabelText('Type your password to confirm');
    await waitFor(() => expect(document.activeElement).toBe(password));
    for (let presses = 0; presses < 4; presses += 1) {
      await user.tab();
      expect(open.contains(document.activeElement)).toBe(true);
    }

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener());
    expect(deletions()).toEqual([]);
  });

  it('asks for the password before sending anything', async () => {
    renderAccount(<DeleteAccount hasPassword />);
    await user.click(opener());
    await user.click(confirm());
    expect(await within(dialog()).findByText('Enter your password.')).not.toBeNull();
    expect(deletions()).toEqual([]);
  });

  it('shows a wrong password (400 WRONG_PASSWORD) under the field and keeps the dialog open', async () => {
    endpoint.answer = () => apiError(400, 'WRONG_PASSWORD');
    const { router } = renderAccount(<DeleteAccount hasPassword />);
    await user.click(opener());
    const password = within(dialog()).getByLabelText('Type your password to confirm');
    await user.type(password, 'not-it');
    await user.click(confirm());
    await within(dialog()).findByText('The password is not correct.');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/settings');
    expect(confirm().textContent).toBe('Delete my account');
  });

  it('says another failure in the dialog', async () => {
    endpoint.answer = () => apiError(503, 'DATABASE_UNAVAILABLE');
    renderAccount(<DeleteAccount hasPassword />);
    await user.click(opener());
    await user.type(within(dialog()).getByLabelText('Type your password to confirm'), 'my-secret');
    await user.click(confirm());
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'The database is unavailable right now. Please try again in a moment.',
    );
  });

  it('deletes with the password, then signs out and lands on the landing page with a goodbye toast', async () => {
    const signOut = vi.spyOn(authClient, 'signOut');
    const { router } = renderAccount(<DeleteAccount hasPassword />);
    await user.click(opener());
    await user.type(within(dialog()).getByLabelText('Type your password to confirm'), 'my-secret');
    await user.keyboard('{Enter}');
    await screen.findByTestId('landing-page');
    expect(router.state.location.pathname).toBe('/en');
    await screen.findByText('Your account was deleted. Thank you for reading with us.');
    expect(deletions().map(({ body }) => body)).toEqual([{ password: 'my-secret' }]);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('an account without a password is deleted after a recent Google sign-in', async () => {
    const { router } = renderAccount(<DeleteAccount hasPassword={false} />);
    await user.click(opener());
    expect(within(dialog()).queryByLabelText('Type your password to confirm')).toBeNull();
    expect(dialog().textContent).toContain('Your account has no password');
    await user.click(confirm());
    await screen.findByTestId('landing-page');
    expect(router.state.location.pathname).toBe('/en');
    expect(deletions().map(({ body }) => body)).toEqual([{}]);
  });

  it('without a recent Google sign-in (403 REAUTH_REQUIRED), explains and offers to sign in with Google again, back to Settings', async () => {
    endpoint.answer = () => apiError(403, 'REAUTH_REQUIRED');
    const google = vi.spyOn(authClient, 'signInWithGoogle').mockImplementation(() => undefined);
    renderAccount(<DeleteAccount hasPassword={false} />);
    await user.click(opener());
    await user.click(confirm());
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('You signed in with Google more than 10 minutes ago.');
    await user.click(within(alert).getByRole('button', { name: 'Sign in with Google again' }));
    expect(google).toHaveBeenCalledWith(expect.objectContaining({ language: 'en', path: '/settings' }));
    expect(takeReturnPath()).toBe('/settings#account');
    expect(screen.queryByTestId('landing-page')).toBeNull();
  });

  it('in Portuguese, asks and answers in Portuguese', async () => {
    setLanguage('pt');
    endpoint.answer = () => apiError(400, 'WRONG_PASSWORD');
    renderAccount(<DeleteAccount hasPassword />);
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
    const open = screen.getByRole('dialog', { name: 'Excluir sua conta para sempre?' });
    await user.type(within(open).getByLabelText('Digite sua senha para confirmar'), 'x');
    await user.click(within(open).getByRole('button', { name: 'Excluir minha conta' }));
    await within(open).findByText('A senha não está correta.');
  });
});
