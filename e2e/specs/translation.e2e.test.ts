import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { translations } from '@summa/shared/i18n';
import { adminSession, signUpViaApi, uniqueEmail, confirmAddressViaMail } from '../support/accounts.js';
import { apiAs } from '../support/api.js';
import { useBrowser, openPage } from '../support/browser.js';
import { generatedSummaryId } from '../support/summaries.js';

const texts = translations.en;

const browser = useBrowser();

describe('instant translation', () => {
  it('a Premium reader on a phone opens a Portuguese summary in Spanish', async () => {
    const reader = await signUpViaApi(uniqueEmail('translate'), { language: 'en' });
    // Premium is granted only to a proven address: the reader opens the sign-up's link first.
    await confirmAddressViaMail(reader.user.email);
    const granted = await apiAs(await adminSession(), `/api/admin/users/${reader.user.id}/premium`, {});
    expect(granted.status).toBe(200);
    const title = `Pequenos Passos ${randomUUID().slice(0, 6)}`;
    const summaryId = await generatedSummaryId(reader, title, 'Autora E2E', 'pt');

    const { page, context, errors } = await openPage(browser(), {
      storedLanguage: 'en',
      session: reader,
      viewport: { width: 390, height: 844 },
    });
    await page.goto(`/summary/${summaryId}`);
    await page.getByTestId('summary-language').getByText(texts.common.language.pt).waitFor();
    await page.getByRole('button', { name: texts.summary.translate.button }).click();
    await page.getByRole('menuitem', { name: texts.common.language.es }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/summary/') && !url.pathname.endsWith(summaryId));
    await page.getByTestId('summary-language').getByText(texts.common.language.es).waitFor();
    await page.getByText(`${title}: pequeños cambios constantes suman grandes resultados.`).first().waitFor();
    expect(await page.locator('h1').first().textContent()).toBe(title);
    expect(errors).toEqual([]);
    await context.close();
  });
});
