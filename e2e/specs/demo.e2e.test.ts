import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { translations } from '@summa/shared/i18n';
import { LANGUAGES } from '@summa/shared/languages';
import { useBrowser, openPage } from '../support/browser.js';

const browser = useBrowser();

/** The demo book's title in each language (the catalogue's editions of The Psychology of Money). */
const TITLES = {
  pt: 'A Psicologia Financeira',
  en: 'The Psychology of Money',
  es: 'La psicología del dinero',
};

describe.each(LANGUAGES)('the demo in %s, signed out, on a phone', (language) => {
  const t = translations[language];

  it('shows the editorial summary, plays its narration, invites to sign up, and axe finds nothing', async () => {
    const { page, errors, context } = await openPage(browser(), {
      storedLanguage: language,
      viewport: { width: 390, height: 844 },
    });
    await page.goto('/demo');

    await expect
      .poll(() => page.getByTestId('summary-editorial').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([t.pages.demo.title]);
    expect(
      await page.getByRole('heading', { level: 2, name: TITLES[language], exact: true }).isVisible(),
    ).toBe(true);
    for (const heading of [
      t.summary.sections.oneLiner,
      t.summary.sections.keyIdeas,
      t.summary.sections.closing,
    ]) {
      expect(await page.getByRole('heading', { level: 2, name: heading, exact: true }).isVisible()).toBe(
        true,
      );
    }

    // The narration is made on the house the first time (the page asks again until it is there).
    const player = page.getByTestId('audio-player');
    const play = player.getByRole('button', { name: t.audio.play, exact: true });
    await expect.poll(() => play.isEnabled(), { timeout: 120_000, interval: 500 }).toBe(true);
    await play.click();
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              document.querySelector<HTMLAudioElement>('[data-testid="audio-player"] audio')?.currentTime ??
              0,
          ),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await player.getByRole('button', { name: t.audio.pause, exact: true }).click();

    const cta = page.getByTestId('demo-signup');
    expect(await cta.textContent()).toContain(t.pages.demo.ctaButton);
    const href = new URL((await cta.getAttribute('href')) ?? '', 'http://x.test');
    expect(href.pathname).toBe('/auth');
    expect(href.searchParams.get('lang')).toBe(language);
    expect(href.searchParams.get('mode')).toBe('signup');
    expect(href.searchParams.get('next')).toMatch(/^\/summary\/[0-9a-f-]{36}$/);

    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      results.violations.map(({ id, nodes }) => ({ id, nodes: nodes.map((node) => node.target) })),
    ).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
