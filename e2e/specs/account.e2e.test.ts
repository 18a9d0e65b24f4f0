import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REMINDER_DAYS, type AccountExport, type ReminderState, type Session } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { LANGUAGES, type Language } from '@summa/shared/languages';
import {
  PASSWORD,
  SESSION_STORAGE_KEY,
  signInViaApi,
  signUpViaApi,
  uniqueEmail,
  visitorAddress,
} from '../support/accounts.js';
import { expectNoViolations } from '../support/axe.js';
import { baseURL, useBrowser, openPage } from '../support/browser.js';
import { shots } from '../support/shots.js';
import { holdToasts, shownToast } from '../support/toasts.js';

/**
 * Issue 23, Settings' Account section: a keyboard-only journey (Tab, Shift+Tab, Enter and Space,
 * and typing into fields) that signs another device out, changes the password, downloads the data
 * and deletes the account, with axe finding nothing on the way, in the three languages, each at
 * one width: a phone's (390 px) for Portuguese and Spanish, a laptop's (1366 px) for English (the
 * journey is the same in each language; only its texts differ). Screenshots of the section go to
 * /tmp/shots. First, issue 27's daily reminder by keyboard (see `remindersByKeyboard`).
 */
const browser = useBrowser();

const SHOTS = '/tmp/shots';
const WIDTHS = { pt: 390, en: 1366, es: 390 } as const;
const HEIGHTS: Record<(typeof WIDTHS)[keyof typeof WIDTHS], number> = { 390: 844, 1366: 768 };
const NEW_PASSWORD = 'e2e-secret-2-new';
/** The other device of the journey: a phone, as its user agent says. */
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** Browsers log failed requests (a sign-out with the deleted account's token) as console errors; those are expected. */
function unexpected(errors: string[]) {
  return errors.filter((error) => !error.startsWith('Failed to load resource'));
}

/** What has focus: its tag, type, accessible name or text, label, and where it is. */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    const input = active instanceof HTMLInputElement ? active : null;
    return {
      tag: active?.tagName.toLowerCase() ?? '',
      type: input?.type ?? '',
      name: (active?.getAttribute('aria-label') ?? '').trim(),
      text: (active?.textContent ?? '').trim(),
      label: (input?.labels?.[0]?.textContent ?? '').trim(),
      inDialog: Boolean(active?.closest('[role="dialog"]')),
      inCurrentSession: Boolean(active?.closest('[data-testid="account-session"][data-current]')),
      inSession: Boolean(active?.closest('[data-testid="account-session"]')),
      inReminders: Boolean(active?.closest('#reminders')),
      value: input?.value ?? '',
      visibleFocus: active ? getComputedStyle(active).outlineStyle !== 'none' : false,
    };
  });
}

type Focused = Awaited<ReturnType<typeof focused>>;

/** Presses Tab (or Shift+Tab) until focus is on what `wanted` accepts; fails after `limit` presses. */
async function tabTo(page: Page, wanted: (element: Focused) => boolean, key = 'Tab', limit = 60) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(key);
    const element = await focused(page);
    if (wanted(element)) return element;
  }
  throw new Error(`${key} never reached the element; focus ended on ${JSON.stringify(await focused(page))}`);
}

/** Signs in from another device (a phone): the second entry of the reader's device list. */
async function signInOnPhone(email: string): Promise<Session> {
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': PHONE_AGENT,
      'X-Forwarded-For': visitorAddress(),
    },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Session;
}

/** Whether a session's access token still opens the API. */
async function stillSignedIn(session: Session): Promise<boolean> {
  const response = await fetch(`${baseURL()}/api/auth/user`, {
    headers: { Authorization: `Bearer ${session.access_token}`, 'X-Forwarded-For': visitorAddress() },
  });
  return response.ok;
}

/** The reader's daily reminder as the server keeps it. */
async function savedReminder(session: Session): Promise<ReminderState> {
  const response = await fetch(`${baseURL()}/api/me/reminders`, {
    headers: { Authorization: `Bearer ${session.access_token}`, 'X-Forwarded-For': visitorAddress() },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ReminderState;
}

/**
 * Issue 27: Settings' daily reminder by keyboard. The reader turns it on, types a time, leaves no
 * day and a time zone that does not exist (both refused in their language), then picks Monday,
 * Wednesday and Friday and São Paulo, saves, reloads to find them kept, and turns it off (the
 * time, days and zone fields are skipped while it is off). Focus ends on the section's Save.
 */
async function remindersByKeyboard(page: Page, language: Language, reader: Session) {
  const texts = translations[language];
  const reminders = texts.settings.reminders;
  const section = page.locator('#reminders');
  const toggle = section.getByLabel(reminders.enabled, { exact: true });
  await toggle.waitFor();

  const on = await tabTo(page, (element) => element.inReminders && element.type === 'checkbox');
  expect(on.label).toBe(reminders.enabled);
  expect(on.visibleFocus).toBe(true);
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  expect((await focused(page)).label).toBe(reminders.time);
  // Hours, minutes, and AM where the browser's clock has a 12-hour field (ignored on a 24-hour one).
  await page.keyboard.type('0730A');
  // Every day is chosen at first: Space on each leaves none. (Tab first goes through the time's
  // own parts: hours, minutes and, on a 12-hour clock, AM/PM.)
  await tabTo(page, (element) => element.value === 'mon', 'Tab', 4);
  for (const day of REMINDER_DAYS) {
    if (day !== 'mon') await page.keyboard.press('Tab');
    expect((await focused(page)).value).toBe(day);
    await page.keyboard.press('Space');
  }
  await page.keyboard.press('Tab');
  expect((await focused(page)).label).toBe(reminders.timeZone);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Mars/Olympus_Mons');
  const save = () => tabTo(page, (element) => element.inReminders && element.text === reminders.save);
  await save();
  await page.keyboard.press('Enter');
  await section.getByText(reminders.daysRequired).waitFor();
  await section.getByText(texts.settings.timeZone.invalid).waitFor();
  expect(await section.getByLabel(reminders.timeZone).getAttribute('aria-invalid')).toBe('true');
  expect((await savedReminder(reader)).enabled).toBe(false);
  await expectNoViolations(page, 'reminder on, with its errors');

  // The first field at fault has focus: Monday. Then Wednesday and Friday, and São Paulo.
  await expect.poll(async () => (await focused(page)).value).toBe('mon');
  await page.keyboard.press('Space');
  for (const day of ['wed', 'fri']) {
    await tabTo(page, (element) => element.value === day, 'Tab', 2);
    await page.keyboard.press('Space');
  }
  await tabTo(page, (element) => element.label === reminders.timeZone);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('America/Sao_Paulo');
  await save();
  await page.keyboard.press('Enter');
  await shownToast(page, reminders.saved);
  expect(await savedReminder(reader)).toMatchObject({
    enabled: true,
    time: '07:30',
    days: ['mon', 'wed', 'fri'],
    timeZone: 'America/Sao_Paulo',
  });
  await shots(page, `settings-reminders-${language}`, section);

  // Kept across a reload, as saved.
  await page.reload();
  await expect.poll(() => toggle.isChecked()).toBe(true);
  expect(await section.getByLabel(reminders.time, { exact: true }).inputValue()).toBe('07:30');
  expect(await section.getByLabel(reminders.timeZone).inputValue()).toBe('America/Sao_Paulo');
  const chosen = section.locator('input[name="days"]:checked');
  expect(await chosen.evaluateAll((boxes) => boxes.map((box) => box.getAttribute('value')))).toEqual([
    'mon',
    'wed',
    'fri',
  ]);

  // Off: from the toggle, Tab goes straight to Save.
  await tabTo(page, (element) => element.inReminders && element.type === 'checkbox');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  expect((await focused(page)).text).toBe(reminders.save);
  await page.keyboard.press('Enter');
  await shownToast(page, reminders.off);
  expect(await savedReminder(reader)).toMatchObject({ enabled: false, days: ['mon', 'wed', 'fri'] });
}

describe.each(LANGUAGES)('the Account section by keyboard in %s', (language) => {
  const texts = translations[language];
  const account = texts.settings.account;

  const width = WIDTHS[language];

  it(`at ${width} px: signs a device out, changes the password, downloads the data and deletes the account`, async () => {
    const email = uniqueEmail(`account-${language}-${width}`);
    const reader = await signUpViaApi(email, { language });
    const phone = await signInOnPhone(email);
    const { page, context, errors } = await openPage(browser(), {
      storedLanguage: language,
      session: reader,
      viewport: { width, height: HEIGHTS[width] },
      acceptDownloads: true,
    });
    await holdToasts(context);
    try {
      await page.goto('/settings');
      const section = page.locator('#account');
      await section.getByRole('heading', { level: 2, name: account.title }).waitFor();
      const sessions = section.getByTestId('account-session');
      await expect.poll(() => sessions.count(), { timeout: 15_000 }).toBe(2);
      expect(await section.locator('[data-current]').textContent()).toContain(account.sessions.thisDevice);

      // Nothing wider than the screen, the section pictured, and axe finds nothing.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await mkdir(SHOTS, { recursive: true });
      // The sticky header would be painted over the section where the picture is stitched.
      await section.screenshot({
        path: path.join(SHOTS, `account-${width}-${language}.png`),
        style: 'header { visibility: hidden !important; }',
      });
      await expectNoViolations(page, 'account section loaded');

      await remindersByKeyboard(page, language, reader);

      // Sign the phone out: its entry goes and its session ends.
      const signOutPhone = await tabTo(
        page,
        (element) => element.inSession && !element.inCurrentSession && element.tag === 'button',
      );
      expect(signOutPhone.text).toBe(account.sessions.signOut);
      expect(signOutPhone.visibleFocus).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => sessions.count(), { timeout: 10_000 }).toBe(1);
      // An instance may trust a session check for a few seconds (docs/architecture.md).
      await expect.poll(() => stillSignedIn(phone), { timeout: 10_000, interval: 500 }).toBe(false);
      expect(await stillSignedIn(reader)).toBe(true);

      // Focus went to the list; back up to the password form.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
        .toBe(account.sessions.listLabel);
      const current = await tabTo(page, (element) => element.label === account.password.current, 'Shift+Tab');
      expect(current.type).toBe('password');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Tab');
      expect((await focused(page)).label).toBe(account.password.new);
      await page.keyboard.type(NEW_PASSWORD);
      await page.keyboard.press('Tab');
      expect((await focused(page)).text).toBe(account.password.change);
      await page.keyboard.press('Enter');
      await shownToast(page, account.password.changed);
      await expect(signInViaApi(email, NEW_PASSWORD)).resolves.toMatchObject({ user: { email } });
      await expect(signInViaApi(email, PASSWORD)).rejects.toThrow();
      await expectNoViolations(page, 'password changed, with its toast');

      // Download my data, with Space: a JSON file named by the day.
      await tabTo(page, (element) => element.tag === 'button' && element.text === account.export.button);
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Space')]);
      expect(download.suggestedFilename()).toMatch(/^summa-export-\d{4}-\d{2}-\d{2}\.json$/);
      const file = await download.path();
      const exported = JSON.parse(await readFile(file, 'utf8')) as AccountExport;
      expect(exported.format).toBe('summa-export/1');
      expect(exported.userId).toBe(reader.user.id);
      await shownToast(page, account.export.done);

      // The danger zone: the dialog opens with Space, closes on Escape, focus back on its button.
      const opener = await tabTo(
        page,
        (element) => element.tag === 'button' && element.text === account.delete.button && !element.inDialog,
      );
      expect(opener.visibleFocus).toBe(true);
      await page.keyboard.press('Space');
      const dialog = page.getByRole('dialog', { name: account.delete.dialogTitle });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(async () => (await focused(page)).text).toBe(account.delete.button);

      // Open again with Enter: it says what goes and what stays, and asks for the password.
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(account.delete.kept.summaries);
      expect(await dialog.textContent()).toContain(account.delete.premium);
      await expect.poll(async () => (await focused(page)).label).toBe(account.delete.password);
      await expectNoViolations(page, 'delete dialog open');
      await page.keyboard.type(NEW_PASSWORD);
      // Focus stays in the dialog, whatever Tab is pressed.
      for (let presses = 0; presses < 6; presses += 1) {
        await page.keyboard.press('Tab');
        expect((await focused(page)).inDialog).toBe(true);
      }
      await tabTo(page, (element) => element.inDialog && element.text === account.delete.confirm);
      await page.keyboard.press('Enter');

      // Signed out, on the landing page, with the goodbye toast; the account is gone.
      await page.waitForURL((url) => url.pathname === `/${language}`);
      await shownToast(page, account.delete.done);
      await expect
        .poll(() => page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY))
        .toBeNull();
      await expect(signInViaApi(email, NEW_PASSWORD)).rejects.toThrow();
      await expectNoViolations(page, 'landing page after the deletion, with its toast');
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
