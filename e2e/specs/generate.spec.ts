import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@summa/shared';
import type { Language } from '@summa/shared/languages';
import { translations } from '@summa/shared/i18n';
import { inject } from 'vitest';
import { signUpViaApi, uniqueEmail, visitorAddress } from '../support/accounts.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { recordToasts, toastsOf } from '../support/toasts.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The edition of Atomic Habits each language's search finds. */
const ATOMIC_HABITS: Record<Language, string> = {
  pt: 'Hábitos Atômicos',
  en: 'Atomic Habits',
  es: 'Hábitos atómicos',
};

async function homeAs(language: Language, session?: Session) {
  const reader = session ?? (await signUpViaApi(uniqueEmail(`generate-${language}`), { language }));
  const watched = await openPage(browser, { storedLanguage: language, session: reader });
  await recordToasts(watched.context);
  await watched.page.goto('/home');
  await watched.page.locator('h1').first().waitFor();
  return { ...watched, session: reader };
}

/** Types a book that the catalogue does not have and confirms it in the details dialog. */
async function generateTyped(page: Page, language: Language, title: string, author: string) {
  const texts = translations[language];
  await page.getByRole('combobox', { name: texts.search.box.label }).fill(title);
  await page.getByRole('button', { name: texts.generate.button }).click();
  const dialog = page.getByRole('dialog', { name: texts.search.details.title });
  await dialog.getByLabel(texts.search.details.authorLabel).fill(author);
  await dialog.getByRole('button', { name: texts.search.details.confirm }).click();
}

const overlay = (page: Page, language: Language) =>
  page.getByRole('dialog', { name: translations[language].generate.overlay.title });

describe.each(['pt', 'en', 'es'] as const)('generating a summary in %s', (language) => {
  const texts = translations[language];

  it('goes search → pick → generate → overlay steps → the summary, and the same book again is instant', async () => {
    const { page, context, errors } = await homeAs(language);
    const box = page.getByRole('combobox', { name: texts.search.box.label });
    await box.pressSequentially('atomic habits');
    await page
      .getByRole('option', { name: new RegExp(ATOMIC_HABITS[language], 'i') })
      .first()
      .click();
    await expect
      .poll(() => page.getByLabel(texts.search.home.authorLabel, { exact: true }).inputValue())
      .toBe('James Clear');

    const answer = page.waitForResponse((response) => response.url().endsWith('/api/summaries'));
    await page.getByRole('button', { name: texts.generate.button }).click();
    const progress = overlay(page, language);
    await progress.waitFor();
    await expect.poll(() => progress.locator('[data-step]').count()).toBe(4);
    await page.waitForURL(/\/summary\/[0-9a-f-]{36}$/);
    expect(await (await answer).text()).toContain('"cached":false');

    // Every section, as the (fake) model wrote it for this edition.
    const title = ATOMIC_HABITS[language];
    for (const text of [
      `${title}: small steady changes`,
      `Idea 5 of ${title}`,
      'Action 5',
      'Routine step 3',
      'Day 7 focus',
      'Metric 3',
      'Pitfall 3',
      `${title} closes here.`,
    ]) {
      await page.getByText(text, { exact: false }).first().waitFor();
    }
    expect(await toastsOf(page)).toContain(
      texts.generate.success.replace('{{used}}', '1').replace('{{limit}}', '10'),
    );

    // The same book again, chosen through a link ('summarize this book'): answered from the cache.
    await page.goto(`/home?title=${encodeURIComponent(title)}&author=James%20Clear`);
    const again = page.waitForResponse((response) => response.url().endsWith('/api/summaries'));
    await page.getByRole('button', { name: texts.generate.button }).click();
    await page.waitForURL(/\/summary\/[0-9a-f-]{36}$/);
    expect(await (await again).text()).toContain('"cached":true');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('generation errors', () => {
  it('says a made-up book could not be identified, for 3 s, then in a toast (es)', async () => {
    const { page, context } = await homeAs('es');
    await generateTyped(page, 'es', 'The xyzzy Almanac', 'Nadie');
    const message = translations.es.errors.BOOK_NOT_IDENTIFIED;
    await page.getByTestId('generation-error').filter({ hasText: message }).waitFor();
    const shownAt = Date.now();
    await overlay(page, 'es')
      .or(page.getByRole('dialog', { name: translations.es.generate.overlay.errorTitle }))
      .waitFor({ state: 'detached', timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);
    expect(await toastsOf(page)).toContain(message);
    expect(page.url()).toMatch(/\/home$/);
    await context.close();
  });

  it('shows a model failure for 3 s, then closes with a toast (pt)', async () => {
    const { page, context } = await homeAs('pt');
    await generateTyped(page, 'pt', 'fail-livro', 'Autor');
    const message = translations.pt.errors.GENERATION_FAILED;
    await page.getByTestId('generation-error').filter({ hasText: message }).waitFor();
    await page.getByTestId('generation-error').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await toastsOf(page)).toContain(message);
    await context.close();
  });

  it('cancels a running generation (en)', async () => {
    const { page, context } = await homeAs('en');
    await generateTyped(page, 'en', 'slow-book', 'Slow Writer');
    const progress = overlay(page, 'en');
    await progress.waitFor();
    await progress.getByRole('button', { name: translations.en.generate.overlay.cancel }).click();
    await progress.waitFor({ state: 'detached' });
    expect(await toastsOf(page)).toContain(translations.en.generate.overlay.cancelled);
    expect(page.url()).toMatch(/\/home$/);
    await context.close();
  });

  it('opens the Limit dialog on the 11th summary of a free month (pt)', async () => {
    const session = await signUpViaApi(uniqueEmail('limit'), { language: 'pt' });
    for (let n = 1; n <= 10; n++) {
      const response = await fetch(`${inject('baseURL')}/api/summaries`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${session.access_token}`,
          'X-Forwarded-For': visitorAddress(),
        },
        body: JSON.stringify({
          bookTitle: `Limite ${n} ${session.user.id}`,
          bookAuthor: 'Autora',
          language: 'pt',
        }),
      });
      expect(response.status).toBe(200);
    }
    const { page, context } = await homeAs('pt', session);
    await page.getByTestId('usage-line').filter({ hasText: '10' }).waitFor();
    await generateTyped(page, 'pt', 'Mais um livro', 'Autora');
    const limit = page.getByRole('dialog', { name: translations.pt.generate.limit.title });
    await limit.waitFor();
    expect(
      await limit.getByRole('link', { name: translations.pt.generate.limit.goPremium }).getAttribute('href'),
    ).toBe('/plans');
    expect(await toastsOf(page)).toContain(translations.pt.generate.limit.toast);
    await limit.getByRole('button', { name: translations.pt.generate.limit.close }).click();
    await limit.waitFor({ state: 'detached' });
    await context.close();
  });
});
