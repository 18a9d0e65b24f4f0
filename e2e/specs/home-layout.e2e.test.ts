import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@summa/shared';
import { LANGUAGES } from '@summa/shared/languages';
import { translations } from '@summa/shared/i18n';
import { signUpViaApi, uniqueEmail } from '../support/accounts.js';
import { launchBrowser, openPage } from '../support/browser.js';

let browser: Browser;
let session: Session;
beforeAll(async () => {
  browser = await launchBrowser();
  session = await signUpViaApi(uniqueEmail('home-layout'));
});
afterAll(async () => {
  await browser.close();
});

async function openHome(language: string, width: number, height: number): Promise<Page> {
  const { page } = await openPage(browser, {
    storedLanguage: language,
    session,
    viewport: { width, height },
  });
  await page.goto('/home');
  await page.getByRole('combobox').waitFor();
  return page;
}

/**
 * The placeholder's text width (measured with the input's own font) and the room the input's
 * content box leaves it: an input never scrolls its placeholder, it cuts it.
 */
function placeholderFit(page: Page, field: ReturnType<Page['locator']>) {
  return field.evaluate((element) => {
    if (!(element instanceof HTMLInputElement)) throw new Error('not an input');
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: context.measureText(element.placeholder).width, room };
  });
}

describe('home layout (issue 14: phone and laptop)', () => {
  for (const language of LANGUAGES) {
    for (const width of [320, 390]) {
      it(`shows the whole search and author placeholders on a ${width} px phone (${language})`, async () => {
        const page = await openHome(language, width, 844);
        const author = page.getByLabel(translations[language].search.home.authorLabel, { exact: true });
        for (const field of [page.getByRole('combobox'), author]) {
          const { text, room } = await placeholderFit(page, field);
          expect(text).toBeLessThanOrEqual(room);
        }
        await page.context().close();
      });
    }
  }

  it('has one page heading, centred on a 1366 px laptop, with the product name and tagline', async () => {
    const page = await openHome('pt', 1366, 768);
    const texts = translations.pt;
    // One h1; the sections below it ('recommended by', issue 25) have their own h2.
    const headings = await page.getByRole('heading', { level: 1 }).allTextContents();
    expect(headings).toEqual([texts.pages.home.title]);
    await expect.poll(() => page.getByText(texts.generate.tagline).isVisible()).toBe(true);
    // The product name is a small label above the heading, not a second heading-sized line.
    const size = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    const name = page.locator('h1').locator('xpath=preceding-sibling::p[1]');
    expect(await name.textContent()).toBe(texts.generate.productName);
    const nameSize = await size(name);
    expect(nameSize).toBeLessThan((await size(page.locator('h1'))) / 2);
    // Balanced: the heading and the search box share the viewport's centre line.
    for (const locator of [page.locator('h1'), page.getByRole('combobox')]) {
      const box = await locator.boundingBox();
      if (!box) throw new Error('not laid out');
      expect(Math.abs(box.x + box.width / 2 - 1366 / 2)).toBeLessThan(12);
    }
    await page.context().close();
  });
});
