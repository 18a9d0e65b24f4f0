import { describe, expect, it } from 'vitest';
import type { DueReviews } from '@summa/shared';
import { signUpViaApi, uniqueEmail, visitorAddress } from '../support/accounts.js';
import { baseURL, openPage, useBrowser } from '../support/browser.js';
import { shots } from '../support/shots.js';
import { generatedSummaryId } from '../support/summaries.js';

/**
 * Issue 27, 'Done when': a reader's review cards are made from their history, shown one at a
 * time in the summary's language, flipped with Space and graded with the keyboard; the grade
 * schedules the card away and the header's goal and XP follow. Screenshots of a card and its
 * answer at a phone's and a laptop's width, in both themes, go to SHOTS_DIR when it is set.
 */
const browser = useBrowser();

describe('daily review', () => {
  it('schedules and grades cards with the keyboard', async () => {
    const reader = await signUpViaApi(uniqueEmail('review'), { language: 'en' });
    const summaryId = await generatedSummaryId(reader, 'Make Time', 'Jake Knapp', 'pt');

    const { page, context, errors } = await openPage(browser(), {
      storedLanguage: 'en',
      session: reader,
      viewport: { width: 1366, height: 900 },
    });
    await page.goto('/review');
    const card = page.getByTestId('review-card');
    await expect.poll(() => card.count()).toBe(1);
    // The first card asks in the summary's language (Portuguese), whatever the interface's.
    expect(await card.getAttribute('aria-labelledby')).toBeTruthy();
    expect(await card.locator('[lang="pt"] h2').innerText()).toContain('Qual é esta ideia');
    const position = await page.getByTestId('review-position').innerText();
    expect(position).toMatch(/^Card 1 of \d+$/);
    await shots(page, 'review');

    // Space flips, 3 grades Good: the next card comes, and the header's goal counts the day.
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('review-back').count()).toBe(1);
    await shots(page, 'review-flipped');
    await page.keyboard.press('3');
    await expect.poll(() => page.getByTestId('review-position').innerText()).toMatch(/^Card 2 of /);
    // The visible buttons grade too.
    await page.getByRole('button', { name: 'Show answer' }).click();
    await page.getByRole('button', { name: /Easy/ }).click();
    await expect.poll(() => page.getByTestId('review-position').innerText()).toMatch(/^Card 3 of /);

    // The two graded cards left the due list, scheduled later.
    const due = await fetch(`${baseURL()}/api/reviews/due`, {
      headers: { Authorization: `Bearer ${reader.access_token}`, 'X-Forwarded-For': visitorAddress() },
    });
    const body = (await due.json()) as DueReviews;
    expect(body.cards.every((item) => item.summaryId === summaryId)).toBe(true);
    expect(body.dueCount).toBe(body.totalCards - 2);
    expect(body.nextDue).not.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
