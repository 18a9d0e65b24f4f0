import { axeViolations } from '../support/axe.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { translations } from '@summa/shared/i18n';
import { LANGUAGES } from '@summa/shared/languages';
import { useBrowser, openPage } from '../support/browser.js';

const browser = useBrowser();

/** Lowercase without accents, as the FAQ search compares text. */
function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** How many FAQ entries contain the query, computed from the texts themselves. */
function matching(items: Record<string, { question: string; answer: string }>, query: string): number {
  return Object.values(items).filter(({ question, answer }) =>
    normalize(`${question} ${answer}`).includes(normalize(query)),
  ).length;
}

function headingNames(page: Page, level: number): Promise<string[]> {
  return page.getByRole('heading', { level }).allTextContents();
}

describe.each(LANGUAGES)('the %s landing page', (language) => {
  const messages = translations[language].landing;

  it('shows the hero and every section, and each call-to-action goes to /auth?lang in sign-up mode', async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`/${language}`);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(messages.hero.title);
    await expect.poll(() => page.getByText(messages.hero.badge).count()).toBe(1);

    expect(await headingNames(page, 2)).toEqual(
      expect.arrayContaining([
        messages.benefits.title,
        messages.howItWorks.title,
        messages.library.title,
        messages.testimonials.title,
        messages.pricing.title,
      ]),
    );
    const ctas = page.getByTestId('landing-cta');
    expect(await ctas.count()).toBeGreaterThanOrEqual(4);
    for (const href of await ctas.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      // The spec's /auth?lang={lang}, asking for the sign-up form ('start free' means a new account).
      expect(href).toBe(`/auth?lang=${language}&mode=signup`);
    }

    await ctas.first().click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('lang') === language);
    const signup = translations[language].auth.signup.heading;
    await expect.poll(() => page.getByRole('heading', { name: signup }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('declares its canonical and alternate-language links', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`/${language}`);
    await expect.poll(() => page.title()).toBe(messages.meta.title);
    const origin = new URL(page.url()).origin;

    const canonical = page.locator('head link[rel="canonical"]');
    expect(await canonical.getAttribute('href')).toBe(`${origin}/${language}`);
    const alternates = await page
      .locator('head link[rel="alternate"]')
      .evaluateAll((links) =>
        links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
      );
    expect(alternates).toEqual([
      ['pt-BR', `${origin}/pt`],
      ['en', `${origin}/en`],
      ['es', `${origin}/es`],
      ['x-default', `${origin}/pt`],
    ]);
    expect(await page.locator('head meta[property="og:url"]').getAttribute('content')).toBe(
      `${origin}/${language}`,
    );
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { offers?: { price: string; priceCurrency: string } };
    expect(jsonLd.offers?.price).toBe('0');
    await context.close();
  });
});

describe('the FAQ page', () => {
  const messages = translations.en.faq;

  it('shows 15 questions and the search filters them, ignoring accents and case', async () => {
    const { page, errors, context } = await openPage(browser(), { storedLanguage: 'en' });
    await page.goto('/en/faq');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(translations.en.pages.faq.title);
    const items = page.getByTestId('faq-item');
    expect(await items.count()).toBe(15);

    const search = page.getByRole('searchbox', { name: messages.search.label });
    for (const query of ['CANCEL', 'privacy']) {
      const expected = matching(messages.items, query);
      expect(expected).toBeGreaterThan(0);
      expect(expected).toBeLessThan(15);
      await search.fill(query);
      await expect.poll(() => items.count()).toBe(expected);
    }
    expect(await items.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining(messages.items.privacy.question)]),
    );

    await search.fill('zzzz nothing');
    await expect.poll(() => items.count()).toBe(0);
    await expect.poll(() => page.getByText(messages.empty.title).count()).toBe(1);

    await page.getByRole('button', { name: messages.search.clear }).first().click();
    await expect.poll(() => items.count()).toBe(15);

    await items.first().locator('summary').click();
    await expect.poll(() => page.getByText(messages.items.whatIs.answer).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('matches Portuguese questions without their accents', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/pt/faq');
    const items = page.getByTestId('faq-item');
    await expect.poll(() => items.count()).toBe(15);
    await page.getByRole('searchbox').fill('audio');
    await expect.poll(() => items.count()).toBe(matching(translations.pt.faq.items, 'áudio'));
    expect(await items.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining(translations.pt.faq.items.audio.question)]),
    );
    await context.close();
  });
});

describe('accessibility', () => {
  // Issue 24: every prerendered public page in each language, as served and once its islands run.
  const PAGES = LANGUAGES.flatMap((language) =>
    ['', '/faq', '/terms', '/privacy'].map((suffix) => [`/${language}${suffix}`, language] as const),
  );

  it.each(PAGES)('%s has no axe violations', async (path, language) => {
    const { page, errors, context } = await openPage(browser(), { storedLanguage: language });
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    // The islands (pricing, FAQ search) come to life as they come into view.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page, { tags: null })).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
