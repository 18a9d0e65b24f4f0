import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { translations } from '@summa/shared/i18n';
import { LANGUAGES, type Language } from '@summa/shared/languages';
import { PASSWORD, uniqueEmail } from '../support/accounts.js';
import { expectNoViolations } from '../support/axe.js';
import { openPage, pathIs, useBrowser } from '../support/browser.js';

/**
 * Issue 24, /demo: prerendered in each language (its HTML is prerendered.e2e.test.ts's), with the
 * narration and the sign-up's way back to the summary as islands; a signed-in reader gets the app's.
 */
const browser = useBrowser();

/** The demo book's title in each language (the catalogue's editions of The Psychology of Money). */
const TITLES = {
  pt: 'A Psicologia Financeira',
  en: 'The Psychology of Money',
  es: 'La psicología del dinero',
};

const SUMMARY_PATH = /^\/summary\/[0-9a-f-]{36}$/;

/** Where the sign-up invitation's button leads after sign-up. */
async function signUpReturn(page: Page): Promise<string> {
  const href = (await page.getByTestId('demo-signup').getAttribute('href')) ?? '';
  return new URL(href, 'http://x.test').searchParams.get('next') ?? '';
}

/** Whether the app's own script (index.html's entry) ran on this page. */
function appLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').some((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name)),
  );
}

/** Plays the narration a few moments and pauses it (the first visit waits for it to be made). */
async function playNarration(page: Page, language: Language) {
  const t = translations[language];
  const player = page.getByTestId('audio-player');
  const play = player.getByRole('button', { name: t.audio.play, exact: true });
  await expect.poll(() => play.isEnabled(), { timeout: 120_000, interval: 500 }).toBe(true);
  await play.click();
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.querySelector<HTMLAudioElement>('[data-testid="audio-player"] audio')?.currentTime ?? 0,
        ),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  await player.getByRole('button', { name: t.audio.pause, exact: true }).click();
}

describe.each(LANGUAGES)('the prerendered /%s/demo, signed out, on a phone', (language) => {
  const t = translations[language];

  it('reads the editorial summary, plays its narration, signs up back to the summary; axe finds nothing', async () => {
    const { page, errors, context } = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await page.goto(`/${language}/demo`);

    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([t.pages.demo.title]);
    expect(
      await page.getByRole('heading', { level: 2, name: TITLES[language], exact: true }).isVisible(),
    ).toBe(true);
    expect(await page.getByTestId('summary-editorial').isVisible()).toBe(true);
    for (const heading of [
      t.summary.sections.oneLiner,
      t.summary.sections.keyIdeas,
      t.summary.sections.closing,
    ]) {
      expect(await page.getByRole('heading', { level: 2, name: heading, exact: true }).isVisible()).toBe(
        true,
      );
    }

    // The narration is an island: made on the house the first time, asked for again until it is there.
    await playNarration(page, language);
    await page.screenshot({ path: `/tmp/shots-public/demo-${language}-390.png` });

    // Until its island knows the server's summary, the sign-up comes back to /demo; then to the summary.
    await page.getByTestId('demo-cta').scrollIntoViewIfNeeded();
    await expect.poll(() => signUpReturn(page)).toMatch(SUMMARY_PATH);
    const href = new URL((await page.getByTestId('demo-signup').getAttribute('href')) ?? '', 'http://x.test');
    expect(href.pathname).toBe('/auth');
    expect(href.searchParams.get('lang')).toBe(language);
    expect(href.searchParams.get('mode')).toBe('signup');

    expect(await appLoaded(page)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoViolations(page, `/${language}/demo at 390 px`);
    if (language === 'en') {
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.screenshot({ path: '/tmp/shots-public/demo-en-1366.png', fullPage: true });
      await expectNoViolations(page, '/en/demo at 1366 px');

      // The call to action signs up and comes back to the demo's summary, now in the reader's history.
      const next = await signUpReturn(page);
      await page.getByTestId('demo-signup').click();
      await page.waitForURL(pathIs('/auth'));
      const auth = t.auth;
      await page.getByLabel(auth.fields.fullName).fill('Demo Reader');
      await page.getByLabel(auth.fields.email).fill(uniqueEmail('demo'));
      await page.getByLabel(auth.fields.password, { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: auth.signup.submit, exact: true }).click();
      await page.waitForURL(pathIs(next), { timeout: 15_000 });
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(TITLES.en);

      // Signed in, /pt/demo is the app's own page (in Portuguese), with the same summary.
      await page.goto('/pt/demo');
      await expect
        .poll(() => page.getByRole('heading', { level: 2, name: TITLES.pt, exact: true }).count(), {
          timeout: 15_000,
        })
        .toBe(1);
      expect(await appLoaded(page)).toBe(true);
      expect(await signUpReturn(page)).toMatch(SUMMARY_PATH);
      await expectNoViolations(page, "the app's /pt/demo, signed in");
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
