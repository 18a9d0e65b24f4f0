import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillTemplate } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { LANGUAGES, type Language } from '@summa/shared/languages';
import {
  PASSWORD,
  SESSION_STORAGE_KEY,
  signInViaApi,
  signUpViaApi,
  uniqueEmail,
} from '../support/accounts.js';
import { useBrowser, openPage, openTab, type WatchedPage, heading, pathIs } from '../support/browser.js';
import { pauseClockNow } from '../support/clock.js';
import { linkIn, waitForMail } from '../support/mailbox.js';
import { recordToasts, toastsOf } from '../support/toasts.js';
import { runOutWelcomeCountdown } from '../support/welcome.js';

const browser = useBrowser();

/** A visitor with a page that records its toasts. */
async function visitor(language: Language): Promise<WatchedPage> {
  const watched = await openPage(browser(), { storedLanguage: language });
  await recordToasts(watched.context);
  return watched;
}

function storedSession(page: Page) {
  return page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
}

/** Browsers log failed requests (the 401 of a wrong password) as console errors; those are expected. */
function unexpected(errors: string[]) {
  return errors.filter((error) => !error.startsWith('Failed to load resource'));
}

async function signIn(page: Page, language: Language, email: string, password: string) {
  const t = translations[language].auth;
  await page.getByLabel(t.fields.email).fill(email);
  await page.getByLabel(t.fields.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.login.submit, exact: true }).click();
}

async function signOut(page: Page, language: Language) {
  const t = translations[language].common.nav;
  await page.getByRole('button', { name: t.userMenu }).click();
  await page.getByRole('menuitem', { name: t.signOut }).click();
}

describe.each(LANGUAGES)('auth in %s', (language) => {
  const messages = translations[language];
  const t = messages.auth;

  it('signs up, welcomes, moves on to /home after 5 s, signs out with a toast and signs in again', async () => {
    const { page, errors, context } = await visitor(language);
    // The page's timers run on Playwright's clock, so that the welcome's 5 s are skipped, not waited.
    await page.clock.install();
    const email = uniqueEmail(`signup-${language}`);
    await page.goto(`/${language}/auth`);
    expect(await heading(page)).toBe(messages.pages.auth.title);

    // Login is the first form; the link switches to sign-up, where the full name appears.
    const submitSignup = page.getByRole('button', { name: t.signup.submit, exact: true });
    await page.getByRole('button', { name: t.toggle.toSignup, exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('auth-full-name');
    expect(await submitSignup.isDisabled()).toBe(true);

    await page.getByLabel(t.fields.fullName).fill('Ana Souza');
    await page.getByLabel(t.fields.email).fill(email);
    await page.getByLabel(t.fields.password, { exact: true }).fill(PASSWORD);
    expect(await submitSignup.isEnabled()).toBe(true);
    await submitSignup.click();

    await page.waitForURL(pathIs('/welcome'));
    // Held from the welcome's arrival: a loaded machine could otherwise spend the 5 s before the
    // checks below, and the page would have moved on.
    await pauseClockNow(page);
    await expect.poll(() => heading(page)).toBe(messages.pages.welcome.title);
    expect(await page.getByRole('link', { name: t.welcome.goNow }).isVisible()).toBe(true);
    expect(await storedSession(page)).toContain(email);

    await runOutWelcomeCountdown(page, messages.pages.home.title);

    await signOut(page, language);
    await page.waitForURL(pathIs('/auth'));
    await expect.poll(() => toastsOf(page)).toContain(messages.common.toast.signedOut);
    expect(await storedSession(page)).toBeNull();
    expect(await page.getByRole('link', { name: messages.common.nav.signIn }).isVisible()).toBe(true);

    // Spec §4: login goes to /, which sends a signed-in user on to /home.
    await signIn(page, language, email, PASSWORD);
    await page.waitForURL(pathIs('/home'));
    // The address changes before the page renders the signed-in header.
    await expect
      .poll(() => page.getByRole('button', { name: messages.common.nav.userMenu }).isVisible())
      .toBe(true);

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('shows the inline error and a destructive toast for a wrong password, and clears it on toggling', async () => {
    const email = uniqueEmail(`wrong-${language}`);
    await signUpViaApi(email, { language });
    const { page, errors, context } = await visitor(language);
    await page.goto(`/auth?lang=${language}`);

    await signIn(page, language, email, 'not-the-password');

    const alert = page.locator('#auth-error');
    await expect.poll(() => alert.textContent()).toBe(messages.errors.INVALID_CREDENTIALS);
    expect(await alert.getAttribute('role')).toBe('alert');
    await expect
      .poll(() => toastsOf(page))
      .toContainEqual(expect.stringContaining(messages.errors.INVALID_CREDENTIALS));
    expect((await toastsOf(page)).join()).toContain(t.toast.authError);
    expect(page.url()).toContain('/auth');

    await page.getByRole('button', { name: t.toggle.toSignup, exact: true }).click();
    await expect.poll(() => alert.textContent()).toBe('');

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const email = uniqueEmail(`reset-${language}`);
    await signUpViaApi(email, { language });
    const { page, errors, context } = await visitor(language);
    await page.goto(`/${language}/auth`);

    await page.getByRole('button', { name: t.forgotPassword }).click();
    await page.getByLabel(t.fields.email).fill(email);
    await page.getByRole('button', { name: t.recover.submit }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: t.recover.sent }).count()).toBe(1);

    const mail = await waitForMail(email, '/auth/reset');
    expect(mail.subject).toBe(messages.authMail.resetPassword.subject);
    const link = linkIn(mail, '/auth/reset');
    await page.goto(`${link.pathname}${link.search}`);
    await expect.poll(() => heading(page)).toBe(t.reset.title);

    const newPassword = 'brand-new-secret';
    await page.getByLabel(t.fields.newPassword).fill(newPassword);
    await page.getByRole('button', { name: t.reset.submit }).click();
    await page.waitForURL(pathIs('/home'));
    await expect.poll(() => toastsOf(page)).toContain(t.reset.done);

    await expect(signInViaApi(email, PASSWORD)).rejects.toThrow(/401/);
    await expect(signInViaApi(email, newPassword)).resolves.toMatchObject({ user: { email } });
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('confirms the address through the link mailed at sign-up, and the settings notice goes', async () => {
    const email = uniqueEmail(`confirm-${language}`);
    const session = await signUpViaApi(email, { language });
    const { page, errors, context } = await openPage(browser(), { storedLanguage: language, session });
    await recordToasts(context);
    await page.goto('/settings');
    const notice = page.getByText(fillTemplate(t.confirm.notice, { email }));
    await notice.waitFor();
    // A new link on request, as well as the sign-up's.
    await page.getByRole('button', { name: t.confirm.resend }).click();
    await expect.poll(() => toastsOf(page)).toContain(t.confirm.resent);

    const mail = await waitForMail(email, '/auth/confirm');
    expect(mail.subject).toBe(messages.authMail.confirmEmail.subject);
    const link = linkIn(mail, '/auth/confirm');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText(t.confirm.done).waitFor();
    await page.getByRole('link', { name: t.confirm.goHome }).click();
    await page.waitForURL(pathIs('/home'));
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await notice.count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('keeps a second tab in step with a sign-in and a sign-out', async () => {
    const email = uniqueEmail(`tabs-${language}`);
    await signUpViaApi(email, { language });
    const first = await visitor(language);
    const second = await openTab(first.context);

    await second.page.goto('/auth');
    await first.page.goto('/auth');
    await signIn(first.page, language, email, PASSWORD);
    await first.page.waitForURL(pathIs('/home'));
    // The other tab saw the session appear and left the auth page for /home.
    await second.page.waitForURL(pathIs('/home'));

    await signOut(first.page, language);
    await first.page.waitForURL(pathIs('/auth'));
    await second.page.waitForURL(pathIs('/auth'));
    await expect.poll(() => heading(second.page)).toBe(messages.pages.auth.title);

    expect(unexpected([...first.errors, ...second.errors])).toEqual([]);
    await first.context.close();
  });
});

describe('the auth page', () => {
  it("a pt account signing in on an English browser (1366 px) gets Portuguese, and the header's Español is kept by the account (issue 23)", async () => {
    const email = uniqueEmail('account-language');
    await signUpViaApi(email, { language: 'pt' });
    // No stored choice: the browser's en-US gives English before sign-in.
    const { page, errors, context } = await openPage(browser(), {
      locale: 'en-US',
      viewport: { width: 1366, height: 900 },
    });
    await page.goto('/auth');
    expect(await heading(page)).toBe(translations.en.pages.auth.title);
    await signIn(page, 'en', email, PASSWORD);
    await page.waitForURL(pathIs('/home'));
    await expect.poll(() => heading(page)).toBe(translations.pt.pages.home.title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');

    await page.goto('/settings');
    const pt = translations.pt;
    const field = page.getByLabel(pt.settings.language.label, { exact: true });
    await expect.poll(() => field.inputValue()).toBe('pt');
    await page.screenshot({ path: '/tmp/shots/fixes-b-settings-language-1366.png' });

    // The header's switcher, signed in, saves the choice to the account.
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/me/profile') && response.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: pt.common.language.current.replace('{{code}}', 'PT') }).click();
    await page.getByRole('menuitemradio', { name: pt.common.language.es }).click();
    expect((await saved).status()).toBe(200);
    const es = translations.es;
    await expect
      .poll(() => page.getByLabel(es.settings.language.label, { exact: true }).inputValue())
      .toBe('es');

    await page.reload();
    await expect.poll(() => heading(page)).toBe(es.pages.settings.title);
    await expect
      .poll(() => page.getByLabel(es.settings.language.label, { exact: true }).inputValue())
      .toBe('es');
    // The account has it: a sign-in elsewhere comes back in Spanish.
    expect((await signInViaApi(email)).user.preferred_language).toBe('es');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('shows the Google error when the return from Google failed', async () => {
    const { page, context } = await visitor('es');
    await page.goto('/auth?google_error=GOOGLE_SIGN_IN_FAILED');
    const alert = page.locator('#auth-error');
    await expect.poll(() => alert.textContent()).toBe(translations.es.auth.toast.googleError);
    await expect
      .poll(() => toastsOf(page))
      .toContainEqual(expect.stringContaining(translations.es.auth.toast.googleError));
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('sends a failed Google code exchange back to /auth with the Google error', async () => {
    const { page, context } = await visitor('en');
    await page.goto('/welcome#google_code=not-a-real-code');
    await page.waitForURL(pathIs('/auth'));
    await expect
      .poll(() => page.locator('#auth-error').textContent())
      .toBe(translations.en.auth.toast.googleError);
    await context.close();
  });

  it('checks the form before sending: too short a password stays on the page', async () => {
    const { page, errors, context } = await visitor('pt');
    await page.goto('/auth?lang=pt&mode=signup');
    const t = translations.pt.auth;
    await page.getByLabel(t.fields.fullName).fill('Ana');
    await page.getByLabel(t.fields.email).fill(uniqueEmail('short'));
    await page.getByLabel(t.fields.password, { exact: true }).fill('12345');
    await page.getByRole('button', { name: t.signup.submit, exact: true }).click();
    await expect
      .poll(() => page.locator('#auth-error').textContent())
      .toBe(t.validation.passwordTooShort.replace('{{min}}', '6'));
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('auth-password');
    expect(errors).toEqual([]);
    await context.close();
  });
});
