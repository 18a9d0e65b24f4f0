import type { MeResponse, Profile, ProfileUpdate } from '@summa/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { THEME_STORAGE_KEY } from '../../lib/theme';
import { useReaderProgress } from '../../lib/progress/use-reader-progress';
import { apiError, fakeApi, json, type FakeApi } from '../../test/fake-api';
import { testAccountSessions } from '../../test/account-fixture';
import { testMe } from '../../test/me-fixture';
import { testSession } from '../../test/session-fixture';
import { SettingsPage } from './settings-page';
import { renderSignedIn } from '../../test/render-app';

let me: MeResponse;
let meStatus: number | null;
let patchStatus: { status: number; code: 'NICKNAME_TAKEN' | 'INTERNAL_ERROR' } | null;
let avatarStatus: { status: number; code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' } | null;
let api: FakeApi;
let user: UserEvent;

beforeEach(() => {
  me = testMe({ profile: { nickname: 'Ana', avatarPreset: 'owl', avatarUrl: '/avatars/owl.svg' } });
  meStatus = null;
  patchStatus = null;
  avatarStatus = null;
  api = fakeApi({
    'GET /api/me': () => (meStatus ? apiError(meStatus, 'INTERNAL_ERROR') : json(me)),
    // The Account section below the profile form lists the signed-in devices.
    'GET /api/me/sessions': () => json({ sessions: testAccountSessions() }),
    // The daily reminder's section, off as for a new reader.
    'GET /api/me/reminders': () =>
      json({ enabled: false, time: '08:00', days: [], timeZone: null, pushSubscriptions: 0 }),
    'PATCH /api/me/profile': ({ body }) => {
      if (patchStatus) return apiError(patchStatus.status, patchStatus.code, 'from the server');
      const update = body as ProfileUpdate;
      const profile: Profile = {
        ...me.profile,
        ...update,
        nickname: update.nickname === undefined ? me.profile.nickname : update.nickname,
        avatarPreset: update.avatarPreset === undefined ? me.profile.avatarPreset : update.avatarPreset,
        avatarUrl: update.avatarPreset ? `/avatars/${update.avatarPreset}.svg` : me.profile.avatarUrl,
      };
      me = { ...me, profile };
      return json({ profile });
    },
    'POST /api/me/avatar': () => {
      if (avatarStatus) return apiError(avatarStatus.status, avatarStatus.code, 'from the server');
      me = {
        ...me,
        profile: { ...me.profile, avatarPreset: null, avatarUrl: 'https://files.test/avatar.webp' },
      };
      return json({ profile: me.profile });
    },
  });
  setLanguage('en');
  user = userEvent.setup({ applyAccept: false });
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

/** What the rest of the app sees of the profile (the header reads the same state). */
function SharedProfile() {
  const { me: current } = useReaderProgress();
  return <output data-testid="shared-profile">{current ? JSON.stringify(current.profile) : ''}</output>;
}

function renderSettings() {
  const session = testSession();
  const router = createMemoryRouter([{ path: '/settings', Component: SettingsPage }], {
    initialEntries: ['/settings'],
  });
  renderSignedIn(
    session,
    <>
      <RouterProvider router={router} />
      <SharedProfile />
      <Toaster />
    </>,
  );
}

const nicknameField = () => screen.getByLabelText('Nickname');
const save = () => screen.getByRole('button', { name: /Save changes|Saving/ });
const patches = () => api.to('/api/me/profile').map(({ body }) => body);
const shared = (): Partial<Profile> => {
  const text = screen.getByTestId('shared-profile').textContent;
  return text ? (JSON.parse(text) as Profile) : {};
};
const png = (bytes: number, name = 'me.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('settings page: loading', () => {
  it('shows a skeleton, then the form filled with the saved settings', async () => {
    renderSettings();
    expect(screen.getByTestId('settings-skeleton')).not.toBeNull();
    await screen.findByLabelText('Nickname');
    expect((nicknameField() as HTMLInputElement).value).toBe('Ana');
    expect(screen.getByLabelText<HTMLSelectElement>('Interface language').value).toBe('en');
    expect(screen.getByLabelText<HTMLInputElement>('Time zone').value).toBe('America/Sao_Paulo');
    const presets = within(screen.getByRole('radiogroup', { name: 'Choose an avatar' })).getAllByRole(
      'radio',
    );
    expect(presets).toHaveLength(12);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Owl' }).checked).toBe(true);
    expect(screen.getByRole('img', { name: 'Hedgehog' }).getAttribute('src')).toBe('/avatars/hedgehog.svg');
  });

  it('offers System, Light and Dark, and shows the chosen theme at once, without Save', async () => {
    renderSettings();
    const group = await screen.findByRole('group', { name: 'Appearance' });
    const radios = within(group).getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((radio) => [radio.labels?.[0]?.textContent, radio.checked])).toEqual([
      ['System', true],
      ['Light', false],
      ['Dark', false],
    ]);
    await user.click(within(group).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await user.click(within(group).getByRole('radio', { name: 'Light' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    await user.click(within(group).getByRole('radio', { name: 'System' }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(api.to('/api/me')).toHaveLength(1);
  });

  it('shows the Account section below the profile, with its parts', async () => {
    renderSettings();
    const account = await screen.findByRole('region', { name: 'Account' });
    for (const name of [
      'Change password',
      'Change e-mail',
      'Signed-in devices',
      'Download my data',
      'Danger zone',
    ]) {
      expect(within(account).getByRole('heading', { level: 3, name })).not.toBeNull();
    }
    await within(account).findAllByTestId('account-session');
  });

  it('shows an error with a retry when the profile cannot be loaded', async () => {
    meStatus = 500;
    renderSettings();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your settings');
    meStatus = null;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByLabelText('Nickname');
  });
});

describe('settings page: saving', () => {
  it('sends only what changed, shows the pending state, and shares the new profile', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    renderSettings();
    await user.clear(await screen.findByLabelText('Nickname'));
    await user.type(nicknameField(), '  Ana Reads ');
    await user.click(screen.getByRole('radio', { name: 'Fox' }));
    expect(screen.getAllByRole('img').some((img) => img.getAttribute('src') === '/avatars/fox.svg')).toBe(
      true,
    );

    const handler = api.fetch.getMockImplementation();
    api.fetch.mockImplementationOnce(async (...args) => {
      await answered;
      return handler!(...args);
    });
    await user.click(save());
    expect(save().textContent).toBe('Saving…');
    expect((save() as HTMLButtonElement).disabled).toBe(true);
    release();
    await screen.findByText('Settings saved.');
    expect(patches()).toEqual([{ nickname: 'Ana Reads', avatarPreset: 'fox' }]);
    expect(shared().nickname).toBe('Ana Reads');
    expect(shared().avatarPreset).toBe('fox');
    expect(save().textContent).toBe('Save changes');
  });

  it('validates the nickname inline and sends nothing while it is wrong', async () => {
    renderSettings();
    await user.clear(await screen.findByLabelText('Nickname'));
    await user.type(nicknameField(), 'ab');
    await user.tab();
    expect(screen.getByText('The nickname needs at least 3 characters.')).not.toBeNull();
    expect(nicknameField().getAttribute('aria-invalid')).toBe('true');

    await user.type(nicknameField(), 'c'.repeat(19));
    expect(screen.getByText('The nickname can have at most 20 characters.')).not.toBeNull();
    await user.click(save());
    expect(screen.getByRole('alert').textContent).toBe('Fix the highlighted fields before saving.');
    expect(patches()).toEqual([]);

    await user.clear(nicknameField());
    await user.type(nicknameField(), 'abc');
    expect(nicknameField().getAttribute('aria-invalid')).toBeNull();
  });

  it("names a refused character in the reader's language, and keeps a saved nickname the rules now refuse", async () => {
    me = testMe({ profile: { nickname: 'Ana\u200B', avatarPreset: 'owl', avatarUrl: '/avatars/owl.svg' } });
    renderSettings();
    await user.selectOptions(await screen.findByLabelText('Interface language'), 'es');
    await user.click(save());
    await screen.findByText('Configuración guardada.');
    expect(patches()).toEqual([{ preferredLanguage: 'es' }]);

    const apodo = screen.getByLabelText('Apodo');
    await user.clear(apodo);
    await user.type(apodo, 'Ad\u200Bmin');
    await user.tab();
    expect(
      screen.getByText('El apodo no puede contener caracteres invisibles, de control ni de formato.'),
    ).not.toBeNull();
    await user.clear(apodo);
    await user.type(apodo, '!!!');
    expect(screen.getByText('El apodo necesita al menos una letra o un número.')).not.toBeNull();
    expect(apodo.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a nickname taken by another reader (409) under the field until it changes', async () => {
    const TAKEN = 'That nickname, or one that looks just like it, is already taken. Please choose another.';
    patchStatus = { status: 409, code: 'NICKNAME_TAKEN' };
    renderSettings();
    await user.clear(await screen.findByLabelText('Nickname'));
    await user.type(nicknameField(), 'Bookworm');
    await user.click(save());
    await screen.findByText(TAKEN);
    expect(nicknameField().getAttribute('aria-invalid')).toBe('true');
    expect(shared().nickname).toBe('Ana');
    expect(screen.queryByText('Settings saved.')).toBeNull();

    await user.type(nicknameField(), '2');
    expect(screen.queryByText(TAKEN)).toBeNull();
  });

  it('a failure that is not about a field is a translated toast', async () => {
    patchStatus = { status: 500, code: 'INTERNAL_ERROR' };
    renderSettings();
    await user.type(await screen.findByLabelText('Nickname'), 'x');
    await user.click(save());
    await screen.findByText('Internal error. Please try again later.');
  });

  it('saving another language switches the interface to it', async () => {
    renderSettings();
    await user.selectOptions(await screen.findByLabelText('Interface language'), 'pt');
    await user.click(save());
    await screen.findByText('Configurações salvas.');
    expect(patches()).toEqual([{ preferredLanguage: 'pt' }]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Configurações');
    expect(localStorage.getItem('language')).toBe('pt');
  });

  it('checks the time zone against the known ones', async () => {
    renderSettings();
    const zone = await screen.findByLabelText('Time zone');
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    await user.tab();
    expect(screen.getByText('Choose a time zone from the list.')).not.toBeNull();
    await user.click(save());
    expect(patches()).toEqual([]);

    await user.clear(zone);
    await user.type(zone, 'Europe/Lisbon');
    await user.click(save());
    await screen.findByText('Settings saved.');
    expect(patches()).toEqual([{ timeZone: 'Europe/Lisbon' }]);
  });
});

describe('settings page: the language shown (issue 23)', () => {
  it('shows the interface language, and follows the header switching it while open', async () => {
    me = testMe({ profile: { preferredLanguage: 'pt' } });
    renderSettings();
    const field = await screen.findByLabelText<HTMLSelectElement>('Interface language');
    expect(field.value).toBe('en');
    act(() => setLanguage('es'));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLSelectElement>('Idioma de la interfaz').value).toBe('es'),
    );
    // Saving keeps what is shown.
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Configuración guardada.');
    expect(patches()).toEqual([{ preferredLanguage: 'es' }]);
  });
});

describe('settings page: avatar upload', () => {
  it('refuses a file over 2 MB or of another type before sending anything', async () => {
    renderSettings();
    const upload = await screen.findByLabelText('Upload an image');
    await user.upload(upload, png(2 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert').textContent).toBe(
      'This image is larger than 2 MB. Please choose a smaller one.',
    );
    await user.upload(upload, png(10, 'page.html', 'text/html'));
    expect(screen.getByRole('alert').textContent).toBe('Please choose a PNG, JPEG or WebP image.');
    await user.click(save());
    await screen.findByText('Settings saved.');
    expect(api.to('/api/me/avatar')).toHaveLength(0);
  });

  it('previews the chosen image and uploads its bytes with their type on save', async () => {
    renderSettings();
    await user.upload(await screen.findByLabelText('Upload an image'), png(2048));
    expect(await screen.findByText('Image chosen: me.png')).not.toBeNull();
    await waitFor(() =>
      expect(document.querySelector('figure img')?.getAttribute('src')).toMatch(/^data:image\/png;base64,/),
    );
    const presets = within(screen.getByRole('radiogroup', { name: 'Choose an avatar' })).getAllByRole(
      'radio',
    );
    expect(presets.some((radio) => (radio as HTMLInputElement).checked)).toBe(false);

    await user.click(save());
    await screen.findByText('Settings saved.');
    const [request] = api.to('/api/me/avatar');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Content-Type')).toBe('image/png');
    const body = api.fetch.mock.calls.find(([path]) => path === '/api/me/avatar')?.[1]?.body;
    expect(body instanceof Blob && body.size).toBe(2048);
    expect(patches()).toEqual([]);
    expect(shared().avatarUrl).toBe('https://files.test/avatar.webp');
  });

  it.each([
    [413, 'PAYLOAD_TOO_LARGE', 'This image is larger than 2 MB. Please choose a smaller one.'],
    [415, 'UNSUPPORTED_MEDIA_TYPE', 'Please choose a PNG, JPEG or WebP image.'],
  ] as const)(
    'shows the server refusing the upload (%i) in the avatar area',
    async (status, code, message) => {
      avatarStatus = { status, code };
      renderSettings();
      await user.upload(await screen.findByLabelText('Upload an image'), png(100, 'fake.png'));
      await screen.findByText('Image chosen: fake.png');
      await user.click(save());
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(screen.queryByText('Settings saved.')).toBeNull();
      expect(shared().avatarUrl).toBe('/avatars/owl.svg');
      // The refused file is dropped from the form: the next save does not send it again.
      expect(screen.queryByText('Image chosen: fake.png')).toBeNull();
      await user.selectOptions(screen.getByLabelText('Interface language'), 'es');
      await user.click(save());
      await screen.findByText('Configuración guardada.');
      expect(api.to('/api/me/avatar')).toHaveLength(1);
      expect(patches()).toEqual([{ preferredLanguage: 'es' }]);
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('saves the other fields in the same save that the server refuses the image in (issue 23)', async () => {
    avatarStatus = { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' };
    renderSettings();
    await user.upload(await screen.findByLabelText('Upload an image'), png(100, 'fake.png'));
    await screen.findByText('Image chosen: fake.png');
    await user.clear(nicknameField());
    await user.type(nicknameField(), 'Ana Reads');
    await user.click(save());
    await screen.findByText('Settings saved.');
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose a PNG, JPEG or WebP image.');
    expect(patches()).toEqual([{ nickname: 'Ana Reads' }]);
    expect(shared().nickname).toBe('Ana Reads');
    expect(screen.queryByText('Image chosen: fake.png')).toBeNull();
  });

  it('keeps an image that could not be sent (a server failure) for the next save', async () => {
    avatarStatus = { status: 503, code: 'PAYLOAD_TOO_LARGE' };
    renderSettings();
    await user.upload(await screen.findByLabelText('Upload an image'), png(100, 'me.png'));
    await user.click(save());
    await screen.findByRole('alert');
    expect(screen.getByText('Image chosen: me.png')).not.toBeNull();
    avatarStatus = null;
    await user.click(save());
    await screen.findByText('Settings saved.');
    expect(api.to('/api/me/avatar')).toHaveLength(2);
    expect(shared().avatarUrl).toBe('https://files.test/avatar.webp');
  });
});
