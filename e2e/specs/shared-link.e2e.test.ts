import { describe, expect, it } from 'vitest';
import { translations } from '@summa/shared/i18n';
import { AMAZON_TAG, PASSWORD, signUpViaApi, uniqueEmail } from '../support/accounts.js';
import { useBrowser, openPage } from '../support/browser.js';
import { sharedSummaryPath } from '../support/summaries.js';

const t = translations.en.auth;

const browser = useBrowser();

describe('a shared summary link', () => {
  it("shows a visitor the book's preview, whose sign-up goes through /welcome back to the summary", async () => {
    // A reader who already has the summary shares its link.
    const target = await sharedSummaryPath('Essentialism', 'Greg McKeown');

    const { page, context, errors } = await openPage(browser(), { storedLanguage: 'en' });
    await page.goto(target);
    // Issue 24: the preview (title, author, one-liner) and a sign-up, instead of the sign-in page.
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Essentialism');
    expect(await page.getByText('Greg McKeown').count()).toBeGreaterThan(0);
    expect((await page.getByTestId('summary-preview-one-liner').textContent())?.length).toBeGreaterThan(10);
    await page.screenshot({ path: '/tmp/shots/prerender-summary-preview-1366.png' });
    await page.getByTestId('summary-preview-cta').click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('next')).toBe(target);
    expect(new URL(page.url()).searchParams.get('mode')).toBe('signup');

    await page.getByLabel(t.fields.fullName).fill('Bia Lima');
    await page.getByLabel(t.fields.email).fill(uniqueEmail('shared-link'));
    await page.getByLabel(t.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t.signup.submit, exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/welcome');
    await page.waitForURL((url) => url.pathname === target, { timeout: 10_000 });
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Essentialism');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pt at 390 px: offers Buy on Amazon in the Brazilian store by ISBN, tagged, in a new tab; the footer discloses it (issue 23)', async () => {
    const pt = translations.pt;
    const target = await sharedSummaryPath('Essentialism', 'Greg McKeown');
    const reader = await signUpViaApi(uniqueEmail('amazon'), { language: 'pt' });
    const { page, context, errors } = await openPage(browser(), {
      storedLanguage: 'pt',
      session: reader,
      viewport: { width: 390, height: 844 },
    });
    await page.goto(target);
    const link = page.getByRole('link', { name: pt.summary.actions.buyOnAmazon });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(
      `https://www.amazon.com.br/s?k=9780804137386&i=stripbooks&tag=${AMAZON_TAG}`,
    );
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('sponsored noopener noreferrer');
    expect(await page.getByText(pt.common.footer.affiliateDisclosure).isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/shots/fixes-b-amazon-390.png' });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: '/tmp/shots/fixes-b-amazon-1366.png' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
