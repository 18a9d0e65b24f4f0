import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { peopleTexts } from '@summa/shared/i18n/people';
import { LANGUAGES } from '@summa/shared/languages';
import { adminSession, signUpViaApi, uniqueEmail } from '../support/accounts.js';
import { expectNoViolations } from '../support/axe.js';
import { openPage, useBrowser } from '../support/browser.js';

/**
 * Issue 25, people's recommendations: a reader finds a person from /home, saves a pick, reads its
 * summary (made through the usual generation on /home) and finds it on the reading list; the new
 * screens in each language, the curation screen included, have nothing axe finds.
 */
const browser = useBrowser();

/** Borges's one pick, a book no other spec summarizes. */
const PERSON = 'Jorge Luis Borges';
const BOOK = 'The Invention of Morel';

let reader: Session;

beforeAll(async () => {
  reader = await signUpViaApi(uniqueEmail('people'), { language: 'en' });
});

const unexpected = (errors: string[]) =>
  errors.filter((error) => !error.startsWith('Failed to load resource'));

describe('people recommendations', () => {
  it('leads from /home to a person, saves a pick, reads its summary and finds it on the reading list', async () => {
    const en = peopleTexts.en;
    const { page, errors, context } = await openPage(browser(), { storedLanguage: 'en', session: reader });
    await page.goto('/home');
    const section = page.getByTestId('recommended-by');
    await section.getByRole('heading', { name: en.section.title }).waitFor();
    await section.getByRole('link', { name: en.section.seeAll }).click();
    await page.waitForURL((url) => url.pathname === '/people');
    await page.getByRole('link', { name: new RegExp(PERSON) }).click();
    await page.getByRole('heading', { level: 1, name: PERSON }).waitFor();

    const pick = page.getByTestId('pick-card').filter({ hasText: BOOK });
    expect(await pick.textContent()).toContain(en.kinds.foreword);
    const save = pick.getByRole('button', { name: en.shelf.save });
    await save.click();
    await expect
      .poll(() => pick.getByRole('button', { name: en.shelf.saved }).getAttribute('aria-pressed'))
      .toBe('true');

    // No summary yet: the usual flow, on /home with the book chosen, within the reader's quota.
    await pick.getByRole('link', { name: en.shelf.summarize }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('button', { name: translations.en.generate.button }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/summary/'), { timeout: 45_000 });
    const summaryPath = new URL(page.url()).pathname;

    await page.goto('/history?tab=reading-list');
    const saved = page.getByTestId('reading-list-item').filter({ hasText: BOOK });
    await saved.waitFor();
    // The saved book now opens the summary that was just made.
    await saved.getByRole('link', { name: en.shelf.readSummary }).click();
    await page.waitForURL((url) => url.pathname === summaryPath);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

async function settle(page: Page, testId: string) {
  await page.getByTestId(testId).first().waitFor();
}

describe.each(LANGUAGES)('the people screens in %s', (language) => {
  it('have nothing axe finds: /home’s section, /people, a shelf, the reading list and the curation', async () => {
    const texts = peopleTexts[language];
    const admin = await adminSession();
    const { page, errors, context } = await openPage(browser(), { storedLanguage: language, session: admin });

    await page.goto('/home');
    await settle(page, 'person-card');
    await expectNoViolations(page, `${language} /home`);

    await page.goto('/people');
    await settle(page, 'person-card');
    await expectNoViolations(page, `${language} /people`);

    await page.goto('/people/antonio-candido');
    await settle(page, 'pick-card');
    await expectNoViolations(page, `${language} /people/antonio-candido`);

    await page.goto('/history?tab=reading-list');
    await page.getByText(texts.readingList.emptyTitle).waitFor();
    await expectNoViolations(page, `${language} /history?tab=reading-list`);

    await page.goto('/curation/people');
    await settle(page, 'curation-person');
    await page.getByRole('button', { name: `${texts.curation.edit}: Antonio Candido` }).click();
    await page.getByRole('heading', { name: texts.curation.preview }).waitFor();
    await expectNoViolations(page, `${language} /curation/people`);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
