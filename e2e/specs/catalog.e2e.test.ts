import { axeViolations } from '../support/axe.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateSummaryResponse, Session } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { signUpViaApi, uniqueEmail, visitorAddress } from '../support/accounts.js';
import { baseURL, launchBrowser, openPage } from '../support/browser.js';

const en = translations.en;
const box = en.search.box;

let browser: Browser;
let session: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  // /home and /explore are for signed-in users.
  session = await signUpViaApi(uniqueEmail('catalog'), { language: 'en' });
});
afterAll(async () => {
  await browser.close();
});

/** The console's errors, less failed loads of resources. */
function unexpected(errors: string[]): string[] {
  return errors.filter((error) => !error.startsWith('Failed to load resource'));
}

async function signedIn(path: string, { clock = false } = {}) {
  const watched = await openPage(browser, { storedLanguage: 'en', session });
  if (clock) await watched.page.clock.install();
  await watched.page.goto(path);
  await watched.page.locator('h1').first().waitFor();
  return watched;
}

const combobox = (page: Page) => page.getByRole('combobox', { name: box.label });
/** The suggestions on screen, without the final 'Continue with the typed text' option. */
const suggestions = (page: Page) => page.locator('[role="option"][data-source]').filter({ visible: true });
const authorField = (page: Page) => page.getByLabel(en.search.home.authorLabel, { exact: true });

/** Axe's serious and critical violations, every rule, in both themes. */
async function severeAxeViolations(page: Page) {
  const violations = await axeViolations(page, { tags: null });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

describe('home: book search box', () => {
  it('shows suggestions only after a 200 ms pause', async () => {
    // The page's timers run on Playwright's clock: the pause is stepped through, not waited in
    // real time, which a busy machine could stretch past the debounce.
    const { page, errors, context } = await signedIn('/home', { clock: true });
    let searches = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/catalog/search')) searches += 1;
    });
    await page.clock.pauseAt(new Date(Date.now() + 1_000));

    await combobox(page).pressSequentially('habit');
    await page.clock.runFor(190);
    // Real time for a request sent by a timer to be reported; the page's clock stays still.
    await page.waitForTimeout(150);
    expect(await suggestions(page).count()).toBe(0);
    expect(searches).toBe(0);

    await page.clock.runFor(20);
    await page.clock.resume();
    await expect.poll(() => suggestions(page).count()).toBeGreaterThan(0);
    expect(searches).toBe(1);
    expect(await suggestions(page).count()).toBeLessThanOrEqual(8);
    expect(await combobox(page).getAttribute('aria-expanded')).toBe('true');

    // Each shows a cover (placeholder here), the title with the typed part marked, and the author.
    const marks = await suggestions(page).locator('mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks)
      expect(mark.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()).toBe('habit');
    await expect.poll(() => suggestions(page).first().getByTestId('book-cover-placeholder').count()).toBe(1);
    expect(await page.getByRole('link', { name: box.browseCatalog }).getAttribute('href')).toBe(
      '/explore?q=habit',
    );
    expect(await severeAxeViolations(page)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('picks with the keyboard (down, down, up, Enter) and closes with Escape', async () => {
    const { page, errors, context } = await signedIn('/home', { clock: true });
    // The page's clock stands still while the query is typed: a busy machine could leave 200 ms
    // between two keys, and the suggestions of 'habit' would be read, then replaced by those of
    // 'habits' under the arrow keys.
    await page.clock.pauseAt(new Date(Date.now() + 1_000));
    await combobox(page).pressSequentially('habits');
    await page.clock.resume();
    await expect.poll(() => suggestions(page).count()).toBeGreaterThan(1);
    const firstTitle = await suggestions(page).first().locator('span.font-medium').textContent();

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const firstId = await suggestions(page).first().getAttribute('id');
    expect(await combobox(page).getAttribute('aria-activedescendant')).toBe(firstId);
    expect(await suggestions(page).first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');

    expect(await combobox(page).inputValue()).toBe(firstTitle);
    expect(await authorField(page).inputValue()).not.toBe('');
    expect(await combobox(page).getAttribute('aria-expanded')).toBe('false');

    // No search right after a pick; editing the text clears the chosen book.
    await page.waitForTimeout(400);
    expect(await suggestions(page).count()).toBe(0);
    await combobox(page).press('End');
    await combobox(page).press('Backspace');
    expect(await authorField(page).inputValue()).toBe('');

    await expect.poll(() => suggestions(page).count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    expect(await combobox(page).getAttribute('aria-expanded')).toBe('false');
    expect(await suggestions(page).count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('typing freely opens the details dialog, whose Confirm waits for title and author', async () => {
    const { page, errors, context } = await signedIn('/home');
    await combobox(page).pressSequentially('zqxw unknown');
    await page.getByText(box.noResults).waitFor();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: en.search.details.title });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: en.search.details.confirm });
    expect(await dialog.getByLabel(en.search.details.titleLabel).inputValue()).toBe('zqxw unknown');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(en.search.details.authorLabel).fill('   ');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(en.search.details.authorLabel).fill('Ann Author');
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();

    await dialog.waitFor({ state: 'detached' });
    expect(await authorField(page).inputValue()).toBe('Ann Author');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe('explore', () => {
  const t = en.search.explore;
  const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

  it('keeps filters and sort in the URL, so reload and back work', async () => {
    const { page, errors, context } = await signedIn('/explore');
    expect(await page.locator('h1').first().textContent()).toBe(en.pages.explore.title);
    await page.getByTestId('book-card').first().waitFor();

    await page
      .getByRole('group', { name: t.level })
      .getByRole('button', { name: en.catalog.levels.basic })
      .click();
    await page.getByRole('group', { name: t.language }).getByRole('button', { name: 'EN' }).click();
    await page.getByLabel(t.sort).selectOption('trending');
    await page.getByRole('button', { name: new RegExp(`^${en.catalog.categories.habits}\\s*\\d+$`) }).click();
    await expect
      .poll(() => search(page))
      .toEqual({ level: 'basic', lang: 'en', sort: 'trending', category: 'habits' });
    // The address changes before the page renders its cards: those of the filters before the
    // last one can still be on screen.
    await expect
      .poll(async () => {
        const cardText = (await page.getByTestId('book-card').first().textContent()) ?? '';
        return {
          level: cardText.includes(en.catalog.levels.basic),
          category: cardText.includes(en.catalog.categories.habits),
        };
      })
      .toEqual({ level: true, category: true });

    await page.reload();
    const basic = page
      .getByRole('group', { name: t.level })
      .getByRole('button', { name: en.catalog.levels.basic });
    await expect.poll(() => basic.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByLabel(t.sort).inputValue()).toBe('trending');

    await page.goBack();
    await expect.poll(() => search(page)).toEqual({ level: 'basic', lang: 'en', sort: 'trending' });
    await page.getByTestId('book-card').first().waitFor();
    expect(await severeAxeViolations(page)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('opens the summary of a book that has one in the interface language', async () => {
    // The fake model writes it, as when a reader generated it from home.
    const response = await fetch(`${baseURL()}/api/summaries`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${session.access_token}`,
        'X-Forwarded-For': visitorAddress(),
      },
      body: JSON.stringify({ bookTitle: 'Deep Work', bookAuthor: 'Cal Newport', language: 'en' }),
    });
    expect(response.status).toBe(200);
    const { summaryId } = (await response.json()) as GenerateSummaryResponse;

    const { page, errors, context } = await signedIn('/explore?q=deep%20work');
    const card = page.getByTestId('book-card').filter({ hasText: 'Cal Newport' }).first();
    await card.waitFor();
    expect(await card.textContent()).toContain(t.summaryReady);
    expect(await card.getAttribute('href')).toBe(`/summary/${summaryId}`);
    await card.click();
    await page.waitForURL((url) => url.pathname === `/summary/${summaryId}`);
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Deep Work');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("'surprise me' draws a book that can be summarized from home", async () => {
    const { page, errors, context } = await signedIn('/explore');
    await page.getByTestId('book-card').first().waitFor();
    await page.getByRole('button', { name: t.surprise }).click();

    const dialog = page.getByRole('dialog', { name: t.surpriseTitle });
    await dialog.waitFor();
    const title = await dialog.locator('[data-testid="surprise-book"] p').first().textContent();
    expect(title).toBeTruthy();
    const read = dialog.getByRole('link', { name: t.readSummary });
    if ((await read.count()) > 0) {
      // Another spec already had this book summarized in English: the pick opens that summary.
      await read.click();
      await page.waitForURL((url) => url.pathname.startsWith('/summary/'));
    } else {
      await dialog.getByRole('link', { name: t.summarize }).click();
      await page.waitForURL((url) => url.pathname === '/home');
      expect(await combobox(page).inputValue()).toBe(title);
      expect(await authorField(page).inputValue()).not.toBe('');
    }
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
