import { translations, type Session } from '@summa/shared';
import { LANGUAGES } from '@summa/shared/languages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../lib/auth/auth-client';
import { setLanguage } from '../../lib/i18n';
import { apiError, fakeApi, json, noContent, offline } from '../../test/fake-api';
import { testSession } from '../../test/session-fixture';
import { AuthPage } from './auth-page';
import { renderWithAuth } from '../../test/render-app';

const SESSION: Session = testSession();

/** Where the page leads; only the address matters here. */
function Elsewhere() {
  return null;
}

function renderAuth(path = '/en/auth') {
  return renderWithAuth(
    [
      { path: '/en/auth', Component: AuthPage },
      { path: '/welcome', Component: Elsewhere },
      { path: '/', Component: Elsewhere },
      { path: '/home', Component: Elsewhere },
      { path: '/summary/:id', Component: Elsewhere },
    ],
    path,
    <Toaster />,
  );
}

beforeEach(() => {
  setLanguage('en');
});

afterEach(async () => {
  fakeApi({ 'POST /api/auth/logout': noContent });
  await authClient.signOut();
  vi.unstubAllGlobals();
});

describe('AuthPage', () => {
  it('offers Google only when configured, and enables submit once the fields are filled', async () => {
    const api = fakeApi({ 'GET /api/auth/config': () => json({ google: false }) });
    const user = userEvent.setup();
    renderAuth();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in or create an account');
    await waitFor(() => expect(api.to('/api/auth/config').length).toBe(1));
    // Not configured: neither a button that cannot work nor its divider.
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();

    const submit = screen.getByRole('button', { name: 'Sign in' });
    expect(submit).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    expect(submit).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Password'), 'secret1');
    expect(submit).toHaveProperty('disabled', false);
  });

  it('shows a wrong password inline and in a toast, focuses it, and clears it when switching forms', async () => {
    fakeApi({
      'GET /api/auth/config': () => json({ google: true }),
      'POST /api/auth/login': () => apiError(401, 'INVALID_CREDENTIALS', 'Incorrect e-mail or password.'),
    });
    const user = userEvent.setup();
    renderAuth();

    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByText('Incorrect e-mail or password.', { selector: '[role=alert]' });
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(await screen.findByText('Authentication error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toHaveProperty('disabled', false);

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(alert.textContent).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'));
  });

  it('falls back to the translated message when the server gives none', async () => {
    fakeApi({
      'GET /api/auth/config': () => json({ google: false }),
      'POST /api/auth/login': offline,
    });
    const user = userEvent.setup();
    renderAuth();
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please try again later.', { selector: '[role=alert]' })).toBeTruthy();
  });

  it('checks the e-mail and the password length before sending anything', async () => {
    const api = fakeApi({ 'GET /api/auth/config': () => json({ google: false }) });
    const user = userEvent.setup();
    renderAuth();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-mail')));

    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The password needs at least 6 characters.')).toBeTruthy();
    expect(api.requests.map(({ route }) => route)).toEqual(['GET /api/auth/config']);
  });

  it('signs up with the sign-up metadata and goes to /welcome', async () => {
    const api = fakeApi({
      'GET /api/auth/config': () => json({ google: false }),
      'POST /api/auth/signup': () => json(SESSION, 201),
    });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    const user = userEvent.setup();
    const router = renderAuth();

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await user.type(screen.getByLabelText('Full name'), ' Ana Souza ');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(api.requests.find(({ route }) => route === 'POST /api/auth/signup')?.body).toEqual({
      email: 'ana@example.com',
      password: 'secret1',
      full_name: 'Ana Souza',
      signup_language: 'en',
      signup_path: '/en/auth',
      signup_country: 'GB',
    });
    vi.restoreAllMocks();
  });

  it('signs in and goes to /', async () => {
    fakeApi({
      'GET /api/auth/config': () => json({ google: false }),
      'POST /api/auth/login': () => json(SESSION),
    });
    const user = userEvent.setup();
    const router = renderAuth();
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a visitor who is already signed in on to /home', async () => {
    fakeApi({
      'GET /api/auth/config': () => json({ google: false }),
      'POST /api/auth/login': () => json(SESSION),
    });
    await authClient.signInWithPassword({ email: 'ana@example.com', password: 'secret1' });
    const router = renderAuth();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('after signing in, returns to the shared link it was opened for', async () => {
    fakeApi({
      'GET /api/auth/config': () => json({ google: false }),
      'POST /api/auth/login': () => json(SESSION),
    });
    const user = userEvent.setup();
    const router = renderAuth('/en/auth?next=%2Fsummary%2Fabc%3Fx%3D1');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/summary/abc'));
    expect(router.state.location.search).toBe('?x=1');
  });

  it('keeps the shared link for the trip through /welcome, and ignores a foreign one', async () => {
    fakeApi({ 'GET /api/auth/config': () => json({ google: false }) });
    renderAuth('/en/auth?next=%2Fsummary%2Fabc');
    await waitFor(() => expect(sessionStorage.getItem('summa.returnTo')).toBe('/summary/abc'));
    sessionStorage.clear();
  });

  it('after signing in, ignores a return target on another site', async () => {
    fakeApi({
      'GET /api/auth/config': () => json({ google: false }),
      'POST /api/auth/login': () => json(SESSION),
    });
    const user = userEvent.setup();
    const router = renderAuth('/en/auth?next=%2F%2Fevil.com%2Fsummary');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStorage.getItem('summa.returnTo')).toBeNull();
  });

  it('opens the sign-up form with ?mode=signup', async () => {
    fakeApi({ 'GET /api/auth/config': () => json({ google: false }) });
    renderAuth('/en/auth?mode=signup');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Create your account');
  });
});

describe('AuthPage forms and the contracts (issue 22)', () => {
  it('puts an address the server says is taken on the e-mail field, and sends the visitor there', async () => {
    fakeApi({
      'GET /api/auth/config': () => json({ google: false }),
      'POST /api/auth/signup': () => apiError(409, 'EMAIL_TAKEN', 'This e-mail is already registered.'),
    });
    const user = userEvent.setup();
    renderAuth('/en/auth?mode=signup');
    await user.type(screen.getByLabelText('Full name'), 'Ana Souza');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByText('This e-mail is already registered.', { selector: '[role=alert]' });
    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
  });

  it.each(LANGUAGES)(
    'refuses in %s what the sign-up contract refuses, in its words, sending nothing',
    async (language) => {
      const api = fakeApi({ 'GET /api/auth/config': () => json({ google: false }) });
      setLanguage(language);
      const texts = translations[language].auth;
      const user = userEvent.setup();
      renderAuth('/en/auth?mode=signup');
      await user.type(screen.getByLabelText(texts.fields.fullName), '<b>Ana</b>');
      await user.type(screen.getByLabelText(texts.fields.email), 'ana@example.com');
      await user.type(screen.getByLabelText(texts.fields.password), 'secret1');
      await user.click(screen.getByRole('button', { name: texts.signup.submit }));

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(texts.validation.fullNameMarkup);
      const name = screen.getByLabelText(texts.fields.fullName);
      await waitFor(() => expect(document.activeElement).toBe(name));
      expect(name.getAttribute('aria-invalid')).toBe('true');
      expect(api.requests.map(({ route }) => route)).toEqual(['GET /api/auth/config']);
    },
  );
});
