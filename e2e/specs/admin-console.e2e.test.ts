import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminFeedbackResponse, Session } from '@summa/shared';
import { consoleTexts } from '@summa/shared/i18n/admin-console';
import { translations } from '@summa/shared/i18n';
import { LANGUAGES } from '@summa/shared/languages';
import { adminSession, signUpViaApi, uniqueEmail } from '../support/accounts.js';
import { apiAs } from '../support/api.js';
import { expectNoViolations } from '../support/axe.js';
import { openPage, useBrowser } from '../support/browser.js';
import { generatedSummaryId } from '../support/summaries.js';

/** Issue 25's admin console: testimonials approved for the landing, a summary removed, and axe. */
const browser = useBrowser();
const en = consoleTexts.en;
const TABS = ['overview', 'readers', 'summaries', 'messages', 'feedback', 'usage', 'audit'] as const;

let admin: Session;
beforeAll(async () => {
  admin = await adminSession();
});

/** A reader (with a nickname) who generated a summary of `title` in English; with a comment, rated it up. */
async function readerWith(title: string, comment?: string): Promise<Session> {
  const reader = await signUpViaApi(uniqueEmail('console'), { language: 'en' });
  const nickname = `Fan${Math.random().toString(36).slice(2, 8)}`;
  expect((await apiAs(reader, '/api/me/profile', { nickname }, 'PATCH')).status).toBe(200);
  const summaryId = await generatedSummaryId(reader, title, 'E2E Author', 'en');
  if (comment) {
    const rated = await apiAs(reader, `/api/summaries/${summaryId}/feedback`, { vote: 'up', comment });
    expect(rated.status).toBe(204);
  }
  return reader;
}

async function openConsole(tab: (typeof TABS)[number], language = 'en', session = admin) {
  const watched = await openPage(browser(), { storedLanguage: language, session });
  await watched.page.goto(tab === 'overview' ? '/admin' : `/admin?tab=${tab}`);
  await watched.page.getByRole('tab', { name: consoleTexts[language as 'en'].tabs[tab] }).waitFor();
  return watched;
}

const card = (page: Page, testId: string, text: string) => page.getByTestId(testId).filter({ hasText: text });

describe('the admin console', () => {
  const comments = [1, 2, 3].map((n) => `Console testimonial ${n} ${Math.random().toString(36).slice(2, 7)}`);

  afterAll(async () => {
    // The shared server keeps no approval that other specs' landings would show.
    const listed = await apiAs(admin, '/api/admin/feedback', undefined, 'GET');
    const { feedback } = (await listed.json()) as AdminFeedbackResponse;
    for (const item of feedback.filter((f) => f.approvedAt && comments.includes(f.comment ?? ''))) {
      await apiAs(admin, `/api/admin/testimonials/${item.feedbackId}`, undefined, 'DELETE');
    }
  });

  it('approves three testimonials, which the landing then shows', async () => {
    for (const [index, comment] of comments.entries())
      await readerWith(`Console Praise ${index + 1}`, comment);
    const { page, errors, context } = await openConsole('feedback');
    for (const comment of comments) {
      const item = card(page, 'admin-feedback', comment);
      await item.getByRole('button', { name: en.feedback.approve }).click();
      await item.getByText(en.feedback.approved, { exact: true }).waitFor();
    }
    const landing = await context.newPage();
    await landing.goto('/en');
    const section = landing.locator('section[aria-labelledby="testimonials-title"]');
    // The island replaces the section as it hydrates: scroll to it again until its readers show.
    await expect
      .poll(async () => {
        await landing.evaluate(() =>
          document.querySelector('section[aria-labelledby="testimonials-title"]')?.scrollIntoView(),
        );
        return section.getByRole('heading', { level: 2 }).textContent();
      })
      .toBe(translations.en.landing.testimonials.readers.title);
    for (const comment of comments) await section.getByText(comment).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("removes a summary, and the reader's history says it was removed", async () => {
    const title = `Console Removal ${Math.random().toString(36).slice(2, 7)}`;
    const reader = await readerWith(title);
    const { page, errors, context } = await openConsole('summaries');
    await page.getByLabel(en.summaries.searchLabel).fill(title);
    await page.getByRole('search').getByRole('button', { name: en.common.search }).click();
    const item = card(page, 'admin-summary', title);
    await item.getByRole('button', { name: en.summaries.remove }).click();
    await page.getByRole('dialog').getByRole('button', { name: en.summaries.remove }).click();
    await expect.poll(() => item.count()).toBe(0);
    await context.close();

    const history = await openPage(browser(), { storedLanguage: 'en', session: reader });
    await history.page.goto('/history');
    const entry = history.page.getByTestId('history-item').filter({ hasText: title });
    await entry.getByText(translations.en.history.removed).waitFor();
    expect(await entry.getByRole('link').count()).toBe(0);
    expect([...errors, ...history.errors]).toEqual([]);
    await history.context.close();
  });

  it.each(LANGUAGES)(
    'has nothing axe finds on any section in %s',
    async (language) => {
      const { page, context } = await openConsole('overview', language);
      for (const tab of TABS) {
        await page.getByRole('tab', { name: consoleTexts[language].tabs[tab] }).click();
        const panel = page.getByRole('tabpanel');
        await panel.getByRole('heading').first().waitFor();
        const { common, usage } = consoleTexts[language];
        // Every section's data, and the usage section's chart chunk, are in before axe looks.
        await expect
          .poll(
            async () =>
              (await panel.getByText(common.loading).count()) +
              (await panel.getByText(usage.chartLoading).count()),
          )
          .toBe(0);
        await expectNoViolations(page, `${language} ${tab}`);
      }
      await context.close();
      // Axe reads every section twice, in the light and the dark theme (ADR 0034): 68-83 s in CI.
    },
    180_000,
  );
});
