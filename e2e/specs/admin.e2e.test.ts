import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { adminSession } from '../support/accounts.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { recordToasts, toastsOf } from '../support/toasts.js';

const en = translations.en;
const populate = en.admin.populateBooks;

let browser: Browser;
let session: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  session = await adminSession();
});
afterAll(async () => {
  await browser.close();
});

async function populateBooksPage() {
  const watched = await openPage(browser, { storedLanguage: 'en', session });
  await recordToasts(watched.context);
  await watched.page.goto('/populate-books');
  await expect
    .poll(() => watched.page.locator('h1').first().textContent())
    .toBe(en.pages.populateBooks.title);
  return watched;
}

const count = async (page: Awaited<ReturnType<typeof populateBooksPage>>['page'], key: string) =>
  Number((await page.getByTestId(`import-${key}`).locator('dd').textContent())?.replaceAll(',', ''));

describe('admin: /populate-books', () => {
  it('re-imports the catalogue and shows the counts and a success toast', async () => {
    const { page, errors, context } = await populateBooksPage();
    const imports: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/admin/catalog/import')) imports.push(response.status());
    });

    await page.getByRole('button', { name: populate.run }).click();
    await page.getByTestId('import-result').waitFor();
    expect(imports).toEqual([200]);
    const total = await count(page, 'total');
    expect(total).toBeGreaterThanOrEqual(300);
    const parts = await Promise.all(['inserted', 'updated', 'unchanged'].map((key) => count(page, key)));
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
    await expect.poll(() => toastsOf(page)).toContainEqual(expect.stringContaining(populate.done));
    expect(await page.getByRole('button', { name: populate.run }).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a failed import as a destructive toast with the translated message', async () => {
    const { page, context } = await populateBooksPage();
    // The server cannot be made to fail on demand: its answer is replaced at the network boundary.
    await page.route('**/api/admin/catalog/import', (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 'SERVICE_UNAVAILABLE', message: en.errors.SERVICE_UNAVAILABLE } },
      }),
    );
    await page.getByRole('button', { name: populate.run }).click();
    await expect.poll(() => toastsOf(page)).toContainEqual(expect.stringContaining(populate.failed));
    const toasts = await toastsOf(page);
    expect(toasts.find((text) => text.includes(populate.failed))).toContain(en.errors.SERVICE_UNAVAILABLE);
    expect(await page.getByTestId('import-result').count()).toBe(0);
    await context.close();
  });
});
