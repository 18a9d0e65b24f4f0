import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, storedAudioResponseSchema, type Language, type Session } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { signUpViaApi, uniqueEmail, visitorAddress } from '../support/accounts.js';
import { apiAs } from '../support/api.js';
import { baseURL, useBrowser, openPage } from '../support/browser.js';
import { generatedSummaryId } from '../support/summaries.js';
import { recordToasts, toastsOf } from '../support/toasts.js';

const browser = useBrowser();

/** A new summary of a book of its own, so that its narration is new too. */
function summaryOf(session: Session, language: Language): Promise<string> {
  return generatedSummaryId(session, `Audio ${randomUUID().slice(0, 8)}`, 'E2E Author', language);
}

/** The player's <audio> element, read in the page. */
const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="audio-player"] audio');
    return audio
      ? { time: audio.currentTime, rate: audio.playbackRate, paused: audio.paused, src: audio.src }
      : null;
  });

/** The narration as GET gives it: null until every part is stored. */
async function storedNarration(session: Session, summaryId: string, language: Language) {
  const response = await fetch(`${baseURL()}/api/summaries/${summaryId}/audio?language=${language}`, {
    headers: { Authorization: `Bearer ${session.access_token}`, 'X-Forwarded-For': visitorAddress() },
  });
  expect(response.status).toBe(200);
  return storedAudioResponseSchema.parse(await response.json()).audio;
}

describe.each(LANGUAGES)('the audio of a summary in %s', (language) => {
  const t = translations[language].audio;

  it('is made on Listen, plays its first part, changes speed, and resumes after a reload', async () => {
    const session = await signUpViaApi(uniqueEmail(`audio-${language}`), { language });
    const summaryId = await summaryOf(session, language);
    const { page, context, errors } = await openPage(browser(), { storedLanguage: language, session });
    await page.goto(`/summary/${summaryId}`);
    const player = page.getByTestId('audio-player');
    await player.getByRole('button', { name: t.listen, exact: true }).click();

    // The first part starts on its own and the element reports progress.
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLAudioElement>('[data-testid="audio-player"] audio')?.currentTime ?? 0) >
        0.5,
      undefined,
      { timeout: 30_000 },
    );
    expect((await audioState(page))?.src).toContain('/api/files/audio/');
    const parts = player.getByRole('list').getByRole('button');
    await expect.poll(() => parts.first().getAttribute('aria-current')).toBe('true');

    await player.getByLabel(t.speed, { exact: true }).selectOption('1.5');
    await expect.poll(async () => (await audioState(page))?.rate).toBe(1.5);

    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLAudioElement>('[data-testid="audio-player"] audio')?.currentTime ?? 0) >
        2,
      undefined,
      { timeout: 15_000 },
    );
    await player.getByRole('button', { name: t.pause, exact: true }).click();
    await expect.poll(async () => (await audioState(page))?.paused).toBe(true);
    const stoppedAt = (await audioState(page))?.time ?? 0;
    expect(stoppedAt).toBeGreaterThan(2);

    // The resume is read from the stored narration: its later parts may still be in the making
    // on a busy machine, and a reload before they are all stored offers Listen again.
    await expect
      .poll(() => storedNarration(session, summaryId, language), { timeout: 60_000 })
      .not.toBeNull();
    // No part of a second or two (issue 23 saw a 0:39 part then a 0:01 one): a short tail joins
    // the part before it unless the whole narration is that short.
    const narration = await storedNarration(session, summaryId, language);
    const durations = narration?.parts.map((part) => part.durationMs) ?? [];
    if (durations.length > 1) expect(Math.min(...durations)).toBeGreaterThanOrEqual(3_000);
    await page.reload();
    await expect.poll(() => player.getByText(t.resumed, { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(async () => (await audioState(page))?.time ?? 0, { timeout: 15_000 })
      .toBeGreaterThan(stoppedAt - 0.5);
    // A summary without audio yet is not an error: nothing is logged.
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the limit dialog at the 11th audio of a Free reader', () => {
  // Ten audios (each one narrated) bring one reader to the month's limit once; the dialog is then
  // checked in each interface language, which the stored choice sets, not the account's.
  let reader: Session;
  /** Per interface language, a summary in it that the reader has no audio of yet. */
  const untouched: Partial<Record<Language, string>> = {};
  beforeAll(async () => {
    reader = await signUpViaApi(uniqueEmail('audio-limit'), { language: 'en' });
    const sharer = await signUpViaApi(uniqueEmail('audio-sharer'), { language: 'en' });
    const own = await summaryOf(reader, 'en');
    const shared = await Promise.all(Array.from({ length: 9 }, () => summaryOf(sharer, 'en')));
    for (const id of [own, ...shared]) {
      const response = await apiAs(reader, `/api/summaries/${id}/audio`, { language: 'en' });
      expect(response.status).toBe(200);
    }
    // Another sharer: ten summaries are the first one's whole free month.
    const other = await signUpViaApi(uniqueEmail('audio-sharer'), { language: 'en' });
    for (const language of LANGUAGES) untouched[language] = await summaryOf(other, language);
  }, 180_000);

  it.each(LANGUAGES)('opens in %s', async (language) => {
    const t = translations[language].audio;
    const { page, context } = await openPage(browser(), { storedLanguage: language, session: reader });
    await recordToasts(context);
    await page.goto(`/summary/${untouched[language] ?? ''}`);
    await page.getByTestId('audio-player').getByRole('button', { name: t.listen, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await dialog.textContent()).toContain(t.limit.body.replace('{{limit}}', '10'));
    await expect.poll(() => toastsOf(page)).toContain(t.limit.toast);
    await context.close();
  });
});
