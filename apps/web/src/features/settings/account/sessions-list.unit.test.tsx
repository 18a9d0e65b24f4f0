import type { AccountSession } from '@summa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { testAccountSessions } from '../../../test/account-fixture';
import { apiError, fakeApi, json, noContent, type FakeApi } from '../../../test/fake-api';
import { renderAccount } from '../../../test/render-account';
import { SessionsList } from './sessions-list';
import { englishUser } from '../../../test/english-user';

let api: FakeApi;
let user: UserEvent;
let sessions: AccountSession[];
let listStatus: number | null;
let endStatus: number | null;

beforeEach(() => {
  user = englishUser();
  sessions = testAccountSessions();
  listStatus = null;
  endStatus = null;
  api = fakeApi({
    'GET /api/me/sessions': () => (listStatus ? apiError(listStatus, 'INTERNAL_ERROR') : json({ sessions })),
    'DELETE /api/me/sessions/:id': ({ params }) => {
      if (endStatus === 404) {
        // Gone already: the list no longer has it either.
        sessions = sessions.filter((session) => session.id !== params.id);
        return apiError(404, 'NOT_FOUND');
      }
      if (endStatus) return apiError(endStatus, 'SERVICE_UNAVAILABLE');
      sessions = sessions.filter((session) => session.id !== params.id);
      return noContent();
    },
  });
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const items = () => screen.getAllByTestId('account-session');
const [PHONE, LAPTOP, UNKNOWN] = testAccountSessions() as [AccountSession, AccountSession, AccountSession];

function moment(iso: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

describe('Account: signed-in devices', () => {
  it('shows a skeleton, then this device first with its badge, then the others by last use', async () => {
    renderAccount(<SessionsList />);
    expect(screen.getByTestId('account-sessions-skeleton')).not.toBeNull();
    await screen.findAllByTestId('account-session');
    const list = screen.getByRole('list', { name: 'Signed-in devices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const [first, second, third] = items() as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Firefox 133 · Windows 11');
    expect(within(first).getByText('This device')).not.toBeNull();
    expect(first.textContent).toContain('Computer');
    expect(first.textContent).toContain(`Signed in on ${moment(LAPTOP.firstSeenAt, 'en')}`);
    expect(first.textContent).toContain(`Last used on ${moment(LAPTOP.lastSeenAt, 'en')}`);
    expect(second.textContent).toContain('Chrome 131 · Android 15');
    expect(second.textContent).toContain('Phone');
    expect(within(second).queryByText('This device')).toBeNull();
    expect(third.textContent).toContain('Unknown browser · unknown system');
    expect(third.textContent).toContain('Unknown device');
    expect(screen.getByRole('button', { name: 'Sign out Chrome 131 · Android 15' }).textContent).toBe(
      'Sign out',
    );
  });

  it("writes the dates in the reader's language", async () => {
    setLanguage('pt');
    renderAccount(<SessionsList />);
    await screen.findAllByTestId('account-session');
    expect(items()[0]?.textContent).toContain(`Último uso em ${moment(LAPTOP.lastSeenAt, 'pt-BR')}`);
    expect(items()[0]?.textContent).toContain('Este aparelho');
    expect(screen.getByRole('button', { name: 'Sair de Chrome 131 · Android 15' })).not.toBeNull();
  });

  it('signs another device out: it leaves the list and a toast says so', async () => {
    renderAccount(<SessionsList />);
    await user.click(await screen.findByRole('button', { name: 'Sign out Chrome 131 · Android 15' }));
    await screen.findByText('This device was signed out of your account: Chrome 131 · Android 15.');
    expect(api.requests.filter(({ method }) => method === 'DELETE').map(({ path }) => path)).toEqual([
      `/api/me/sessions/${PHONE.id}`,
    ]);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.queryByText('Chrome 131 · Android 15')).toBeNull();
    // Its button went with it: focus is on the list, not lost to the page.
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Signed-in devices' }));
  });

  it('a device already signed out elsewhere (404) leaves the list all the same', async () => {
    endStatus = 404;
    renderAccount(<SessionsList />);
    await user.click(await screen.findByRole('button', { name: 'Sign out Chrome 131 · Android 15' }));
    await screen.findByText('This device was signed out of your account: Chrome 131 · Android 15.');
    await waitFor(() => expect(items()).toHaveLength(2));
  });

  it('keeps the device and says why when signing it out fails', async () => {
    endStatus = 503;
    renderAccount(<SessionsList />);
    await user.click(
      await screen.findByRole('button', { name: 'Sign out Unknown browser · unknown system' }),
    );
    await screen.findByText('The service is unavailable right now.');
    expect(items()).toHaveLength(3);
    expect(
      screen.getByRole('button', { name: 'Sign out Unknown browser · unknown system' }).textContent,
    ).toBe('Sign out');
  });

  it('signing out this device signs the reader out and leads to /auth', async () => {
    const { router } = renderAccount(<SessionsList />);
    await user.click(await screen.findByRole('button', { name: 'Sign out Firefox 133 · Windows 11' }));
    await screen.findByTestId('auth-page');
    expect(router.state.location.pathname).toBe('/auth');
    await screen.findByText('You have signed out.');
    // Not through the device list: the sign-out ends this session itself.
    expect(api.requests.filter(({ method }) => method === 'DELETE')).toEqual([]);
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    listStatus = 500;
    renderAccount(<SessionsList />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your signed-in devices');
    listStatus = null;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(items()).toHaveLength(3));
  });

  it('says so when no device is signed in', async () => {
    sessions = [];
    renderAccount(<SessionsList />);
    await screen.findByText('No signed-in devices');
    expect(screen.getByText('The devices where you sign in to your account show up here.')).not.toBeNull();
    expect(UNKNOWN.device).toBeNull();
  });
});
