import { randomUUID } from 'node:crypto';
import { axeViolations } from '../support/axe.js';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XP_BY_EVENT, type AddXpResult, type GenerateSummaryResponse, type Session } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import type { Language } from '@summa/shared/languages';
import { startFakeLlmServer } from '../../apps/server/src/test/fake-llm-server.js';
import { bookResponder } from '../../apps/server/src/test/summary-responder.js';
import { PASSWORD, signUpViaApi, uniqueEmail, visitorAddress } from '../support/accounts.js';
import { apiAs } from '../support/api.js';
import { useBrowser, openPage } from '../support/browser.js';
import { solidPng } from '../support/png.js';
import { startServer, type RunningServer } from '../support/server.js';
import { pauseClockNow } from '../support/clock.js';
import { recordToasts, toastsOf } from '../support/toasts.js';

/**
 * Issue 12, 'Done when': XP, levels, celebrations, the ranking's nicknames and the avatar, as a
 * reader sees them. State the journey does not test is set up through the API. Each test has its
 * own reader and its own catalogue books (no other spec generates them), so order does not matter.
 */
const browser = useBrowser();

/** Spec §4: the celebration hides after 5 s, the level-up notification after 6 s. */
const CELEBRATION_MS = 5000;
const LEVEL_UP_NOTIFICATION_MS = 6000;
/** Room for a busy machine when waiting for something timed to go away. */
const TOLERANCE_MS = 4000;

async function generate(
  session: Session,
  book: { title: string; author: string },
  language: Language,
): Promise<string> {
  const response = await apiAs(session, '/api/summaries', {
    bookTitle: book.title,
    bookAuthor: book.author,
    language,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as GenerateSummaryResponse).summaryId;
}

async function award(
  session: Session,
  eventType: 'read_summary' | 'share_summary',
  subjectId: string,
): Promise<AddXpResult> {
  const response = await apiAs(session, '/api/xp', { eventType, subjectId });
  expect(response.status).toBe(200);
  return (await response.json()) as AddXpResult;
}

/** The XP the header shows, read from its bar's label (the visible number differs by width). */
async function headerXp(page: Page): Promise<number | null> {
  const bar = page.getByTestId('header-progress').getByRole('progressbar');
  if ((await bar.count()) === 0) return null;
  const match = /(\d+) XP/.exec((await bar.getAttribute('aria-label')) ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * A toast still fading in has its text at part opacity: axe would read that passing moment as low
 * contrast. Its settled colours are what is checked.
 */
async function toastsSettled(page: Page) {
  await page.waitForFunction(allToastsOpaque);
}

/** Runs in the page. */
function allToastsOpaque(): boolean {
  return [...document.querySelectorAll('[data-sonner-toast]')].every(
    (toast) => getComputedStyle(toast).opacity === '1',
  );
}

/**
 * `toastsSettled` with the page's clock held: a toast whose entry waits on a timer gets the clock
 * moved on in small steps, at most 2 s in all, far less than what the held celebration has left.
 */
async function toastsSettledOnHeldClock(page: Page) {
  for (let heldMs = 0; ; heldMs += 50) {
    if (await page.evaluate(allToastsOpaque)) return;
    if (heldMs >= 2000) throw new Error('the toasts did not settle within 2 s of the held clock');
    await page.clock.runFor(50);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** With `clockPaused`, the caller has held the clock and let the toasts settle. */
async function expectNoViolations(page: Page, state: string, include?: string, clockPaused = false) {
  if (!clockPaused) await toastsSettled(page);
  expect
    .soft({ state, violations: await axeViolations(page, { include, clockPaused }) })
    .toEqual({ state, violations: [] });
}

describe('gamification', () => {
  it('pt: reading a summary shows +10 XP, moves the header, and celebrates the first achievements on one card', async () => {
    const texts = translations.pt;
    const reader = await signUpViaApi(uniqueEmail('xp-read'), { language: 'pt' });
    const summaryId = await generate(reader, { title: 'Tiny Habits', author: 'BJ Fogg' }, 'pt');
    const { page, context, errors } = await openPage(browser(), { storedLanguage: 'pt', session: reader });
    await recordToasts(context);
    // The page's own clock, running as the real one until the celebration's check holds it.
    await page.clock.install();

    // The generation alone: first_summary's 20 XP, not celebrated yet.
    await page.goto('/home');
    await expect.poll(() => headerXp(page)).toBe(20);

    await page.goto(`/summary/${summaryId}`);
    const xpToast = `${texts.gamification.xpGain.replace('{{xp}}', String(XP_BY_EVENT.read_summary))}${texts.gamification.events.read_summary}`;
    await expect.poll(() => toastsOf(page)).toContain(xpToast);
    // The read (10) and the first read's achievement (10).
    await expect.poll(() => headerXp(page)).toBe(40);

    // Both achievements arrive together: one card lists them (issue 23), for 5 s.
    const overlay = page.getByTestId('celebration-overlay');
    const items = texts.achievements.items;
    await overlay.waitFor();
    // Held on screen from here while it is read and axe checks it: on a loaded machine the two
    // themes' passes alone took longer than the celebration's 5 s, and axe found nothing left to
    // check. Held before the toasts settle: in one CI run their fade-in outlasted the card.
    await pauseClockNow(page);
    await toastsSettledOnHeldClock(page);
    expect(await overlay.textContent()).toContain(
      texts.gamification.celebration.combinedTitle.replace('{{number}}', '2'),
    );
    expect(await overlay.getByTestId('celebration-items').locator('li').allTextContents()).toEqual([
      `${items.first_summary.title}+20 XP`,
      `${items.first_read.title}+10 XP`,
    ]);
    expect(await overlay.getByTestId('celebration-xp').textContent()).toBe('+30 XP');
    const badge = await overlay
      .getByTestId('celebration-xp')
      .evaluate((element) => getComputedStyle(element).backgroundImage);
    expect(badge).toContain('gradient');
    await expectNoViolations(page, 'celebration overlay', '[data-testid="celebration-overlay"]', true);
    await page.clock.resume();
    await overlay.waitFor({ state: 'detached', timeout: CELEBRATION_MS + TOLERANCE_MS });
    // Non-blocking all along: the page under it still takes the pointer.
    await page.getByRole('heading', { level: 1 }).click();
    expect(errors).toEqual([]);
    await context.close();
  });

  /**
   * The summary page of a fresh reader whose share is a success (no system share sheet here), once
   * the celebration of their first read shows.
   */
  async function celebratedSummaryPage(
    label: string,
    book: { title: string; author: string },
    width: number,
  ) {
    const reader = await signUpViaApi(uniqueEmail(label), { language: 'pt' });
    const summaryId = await generate(reader, book, 'pt');
    const watched = await openPage(browser(), {
      storedLanguage: 'pt',
      session: reader,
      viewport: { width, height: 844 },
    });
    await watched.context.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: () => Promise.resolve(), configurable: true });
    });
    // The page's own clock, running as the real one unless a test holds it.
    await watched.page.clock.install();
    await watched.page.goto(`/summary/${summaryId}`);
    const overlay = watched.page.getByTestId('celebration-overlay');
    await overlay.waitFor();
    return { ...watched, overlay };
  }

  /**
   * Level Up! to Learner: its toast, then its notification, which names the level's 100 XP. The
   * notification hides after 6 s: the page's clock (installed by the caller) is held from its
   * arrival, for the caller to read it and then resume the clock.
   */
  async function learnerLevelUp(page: Page, texts: (typeof translations)[keyof typeof translations]) {
    const { levelUp, levels } = texts.gamification;
    await expect
      .poll(() => toastsOf(page))
      .toContain(`${levelUp.title}${levelUp.body.replace('{{level}}', levels.learner)}`);
    const notification = page.getByTestId('level-up-notification');
    await notification.waitFor();
    await pauseClockNow(page);
    expect(await notification.textContent()).toContain(levelUp.reward.replace('{{xp}}', '100'));
    return notification;
  }

  /** The reader shares the summary: the first_share achievement is celebrated. */
  async function shareFirstTime(page: Page, overlay: Locator) {
    const texts = translations.pt;
    await page.getByRole('button', { name: texts.summary.actions.share, exact: true }).click();
    await overlay.getByText(texts.achievements.items.first_share.title, { exact: true }).waitFor();
  }

  /** Whether what the page shows at the middle of `layer` belongs to it (nothing covers it). */
  async function onTop(page: Page, layer: ReturnType<Page['getByRole']>): Promise<boolean> {
    return layer.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit !== null && element.contains(hit);
    });
  }

  it('pt: Escape closes a celebration, and one that came with a share closes when the Premium dialog opens', async () => {
    const texts = translations.pt;
    const { page, context, errors, overlay } = await celebratedSummaryPage(
      'celebration-dialog',
      { title: 'Make Time', author: 'Jake Knapp' },
      1280,
    );
    // The card's own 5 s run on the page's clock, held from here (a loaded machine could spend
    // them before Escape arrives): it is still on screen, and Escape alone can close it.
    await pauseClockNow(page);
    expect(await overlay.count()).toBe(1);
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    await page.clock.resume();

    await shareFirstTime(page, overlay);
    // The reader opens the Premium dialog (from the keyboard: no click to close the card first).
    await page.getByRole('button', { name: new RegExp(`^${texts.summary.actions.pdf}`) }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: texts.summary.pdfDialog.title });
    await dialog.waitFor();
    await overlay.waitFor({ state: 'detached' });
    expect(await onTop(page, dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await overlay.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pt at 390 px: the language menu closes a celebration, and a tap anywhere closes one', async () => {
    const texts = translations.pt;
    const { page, context, errors, overlay } = await celebratedSummaryPage(
      'celebration-menu',
      { title: 'The Power of Habit', author: 'Charles Duhigg' },
      390,
    );
    await page.getByRole('button', { name: texts.common.language.current.replace('{{code}}', 'PT') }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await overlay.waitFor({ state: 'detached' });
    // Nothing covers it once the read's '+10 XP' toast (on top of everything, 800 ms) has gone.
    await expect.poll(() => onTop(page, menu)).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await shareFirstTime(page, overlay);
    await page.getByRole('heading', { level: 1 }).click();
    await overlay.waitFor({ state: 'detached', timeout: 1000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('en at 390 px: crossing 100 XP shows Level Up! and the level-up notification, gone after 6 s', async () => {
    const texts = translations.en;
    const reader = await signUpViaApi(uniqueEmail('xp-level'), { language: 'en' });
    // 95 XP: first_summary 20, two reads 20 and first_read 10, two shares 30 and first_share 15.
    const [first, second] = [
      await generate(reader, { title: 'Four Thousand Weeks', author: 'Oliver Burkeman' }, 'en'),
      await generate(reader, { title: 'Why We Sleep', author: 'Matthew Walker' }, 'en'),
    ];
    for (const id of [first, second]) {
      await award(reader, 'read_summary', id);
      await award(reader, 'share_summary', id);
    }
    const third = await generate(reader, { title: 'Breath', author: 'James Nestor' }, 'en');

    const { page, context, errors } = await openPage(browser(), {
      storedLanguage: 'en',
      session: reader,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await recordToasts(context);
    // The page's own clock, held while the level-up notification is read (learnerLevelUp).
    await page.clock.install();
    await page.goto('/home');
    await expect.poll(() => headerXp(page)).toBe(95);

    await page.goto(`/summary/${third}`);
    await expect.poll(() => toastsOf(page)).toContain(`+10 XP${texts.gamification.events.read_summary}`);
    const learner = texts.gamification.levels.learner;
    const notification = await learnerLevelUp(page, texts);
    expect(await notification.textContent()).toContain(
      texts.gamification.levelUp.notification.replace('{{level}}', learner),
    );
    // Within the phone's screen.
    const box = await notification.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844).toBe(true);
    await page.clock.resume();

    // 95 + 10, the level's 100 and the Learner achievement's 25; the header names the new level.
    await expect.poll(() => headerXp(page)).toBe(230);
    expect(
      await page.getByTestId('header-progress').getByRole('progressbar').getAttribute('aria-label'),
    ).toContain(learner);
    await page
      .getByTestId('celebration-overlay')
      .getByText(texts.achievements.items.level_learner.title, { exact: true })
      .waitFor();

    await notification.waitFor({ state: 'detached', timeout: LEVEL_UP_NOTIFICATION_MS + TOLERANCE_MS });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("pt: a level-up brought by an audio shows Level Up! and the +100 XP notification, as sharing's does", async () => {
    const texts = translations.pt;
    const reader = await signUpViaApi(uniqueEmail('xp-audio-level'), { language: 'pt' });
    // 95 XP: first_summary 20, two reads 20 and first_read 10, two shares 30 and first_share 15.
    const ids = [
      await generate(reader, { title: 'Hooked', author: 'Nir Eyal' }, 'pt'),
      await generate(reader, { title: 'Range', author: 'David Epstein' }, 'pt'),
    ];
    for (const id of ids) {
      await award(reader, 'read_summary', id);
      await award(reader, 'share_summary', id);
    }
    const { page, context, errors } = await openPage(browser(), { storedLanguage: 'pt', session: reader });
    await recordToasts(context);
    // The page's own clock, held while the level-up notification is read (learnerLevelUp).
    await page.clock.install();
    await page.goto(`/summary/${ids[0]}`);
    await expect.poll(() => headerXp(page)).toBe(95);

    // The audio's first_audio (15) reaches level 2 as it is delivered; its award (10) follows.
    await page
      .getByTestId('audio-player')
      .getByRole('button', { name: texts.audio.listen, exact: true })
      .click();
    await expect
      .poll(() => toastsOf(page), { timeout: 30_000 })
      .toContain(`+10 XP${texts.gamification.events.audio_generated}`);
    await learnerLevelUp(page, texts);
    await page.clock.resume();
    // 95, first_audio 15, the level's 100, level_learner 25 and the audio's 10.
    await expect.poll(() => headerXp(page)).toBe(245);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('es: the nickname set in /settings stands for the reader in every ranking, as text, never the name or e-mail', async () => {
    const texts = translations.es;
    const fullName = `Rosa Tlaloc ${randomUUID().slice(0, 6)}`;
    const email = uniqueEmail('ranking');
    const reader = await signUpViaApi(email, { language: 'es', fullName });
    const summaryId = await generate(reader, { title: 'Indistractable', author: 'Nir Eyal' }, 'es');
    await award(reader, 'read_summary', summaryId);
    // A reader of the Portuguese board, so that it is never empty.
    const ptReader = await signUpViaApi(uniqueEmail('ranking-pt'), { language: 'pt' });
    // They open the summary (a shared link) before its read counts.
    expect((await apiAs(ptReader, `/api/summaries/${summaryId}`, undefined, 'GET')).status).toBe(200);
    await award(ptReader, 'read_summary', summaryId);
    const ptNickname = `Leitor ${randomUUID().slice(0, 6)}`;
    const patched = await apiAs(ptReader, '/api/me/profile', { nickname: ptNickname }, 'PATCH');
    expect(patched.status).toBe(200);
    const { page, context, errors } = await openPage(browser(), { storedLanguage: 'es', session: reader });
    await recordToasts(context);

    const saveNickname = async (nickname: string) => {
      await page.goto('/settings');
      const field = page.getByLabel(texts.settings.nickname.label, { exact: true });
      await field.fill(nickname);
      await page.getByRole('button', { name: texts.settings.save }).click();
      await expect.poll(() => toastsOf(page)).toContain(texts.settings.saved);
    };
    const suffix = randomUUID().slice(0, 4);
    const plain = `Lectora ${suffix}`;
    await saveNickname(plain);
    await expectNoViolations(page, '/settings');

    const mine = page.locator('[data-testid="ranking-entry"][aria-current="true"]');
    const expectOnlyNickname = async (scope: string, nickname: string) => {
      await mine.waitFor();
      expect({ scope, name: await mine.getByTestId('ranking-name').textContent() }).toEqual({
        scope,
        name: nickname,
      });
      const text = await page.locator('body').innerText();
      expect({ scope, name: text.includes(fullName), email: text.includes(email) }).toEqual({
        scope,
        name: false,
        email: false,
      });
    };
    await page.goto('/ranking');
    await expectOnlyNickname('global', plain);
    await expectNoViolations(page, '/ranking');

    await page.getByRole('tab', { name: texts.ranking.scopes.language }).click();
    await page.getByRole('button', { name: texts.common.language.es, pressed: true }).waitFor();
    await expectOnlyNickname('language', plain);
    // Another language's board, where the reader has no place: its readers, and no row for them.
    await page.getByRole('button', { name: texts.common.language.pt, pressed: false }).click();
    await page.waitForURL(/lang=pt/);
    await page.getByTestId('ranking-entry').filter({ hasText: ptNickname }).waitFor();
    expect(await mine.count()).toBe(0);
    await page.getByRole('tab', { name: texts.ranking.scopes.weekly }).click();
    await page.waitForURL(/scope=weekly/);
    await expectOnlyNickname('weekly', plain);

    // Markup in a nickname is shown as the characters typed.
    const markup = `<i>Zé ${suffix}</i>`;
    await saveNickname(markup);
    await page.goto('/ranking');
    await expectOnlyNickname('global, markup', markup);
    expect(await mine.locator('i').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pt: an uploaded avatar shows in the header; a 3 MB file is refused with the size in words', async () => {
    const texts = translations.pt;
    const reader = await signUpViaApi(uniqueEmail('avatar'), { language: 'pt' });
    const { page, context, errors } = await openPage(browser(), { storedLanguage: 'pt', session: reader });
    await recordToasts(context);
    await page.goto('/settings');
    const upload = page.getByLabel(texts.settings.avatar.upload, { exact: true });

    await upload.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(3 * 1024 * 1024),
    });
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContain(texts.settings.avatar.tooLarge.replace('{{max}}', '2'));

    await upload.setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng(64, 48, [200, 80, 30]),
    });
    await page.getByRole('alert').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: texts.settings.save }).click();
    await expect.poll(() => toastsOf(page)).toContain(texts.settings.saved);

    const avatar = page
      .getByRole('button', { name: texts.common.nav.userMenu, exact: true })
      .getByTestId('reader-avatar');
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/api\/files\/avatars\//);
    // The image really loads (not the initials fallback of a failed one).
    await expect
      .poll(() => avatar.evaluate((image) => (image instanceof HTMLImageElement ? image.naturalWidth : 0)))
      .toBe(256);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pt at 390 px: a file the server refuses is dropped with its message, and the language change in the same save is saved (issue 23)', async () => {
    const texts = translations.pt;
    const reader = await signUpViaApi(uniqueEmail('avatar-refused'), { language: 'pt' });
    const { page, context } = await openPage(browser(), {
      storedLanguage: 'pt',
      session: reader,
      viewport: { width: 390, height: 844 },
    });
    await recordToasts(context);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/me/avatar')) uploads.push(request.method());
    });
    await page.goto('/settings');
    // A PNG by its name and type, which the browser lets through, but not an image inside.
    await page.getByLabel(texts.settings.avatar.upload, { exact: true }).setInputFiles({
      name: 'not-really.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not an image at all'),
    });
    await page.getByText(texts.settings.avatar.uploadChosen.replace('{{name}}', 'not-really.png')).waitFor();
    await page.getByLabel(texts.settings.language.label, { exact: true }).selectOption('es');
    await page.getByRole('button', { name: texts.settings.save }).click();

    // The refusal in the avatar area; the language saved all the same (the thanks come in Spanish).
    await expect.poll(() => toastsOf(page)).toContain(translations.es.settings.saved);
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContain(translations.es.settings.avatar.badType);
    expect(uploads).toEqual(['POST']);
    expect(await page.getByText('not-really.png').count()).toBe(0);
    await page.screenshot({ path: '/tmp/shots/fixes-b-avatar-refused-390.png', fullPage: true });

    // Another save does not send the refused file again.
    await page.evaluate(() => window.__toasts?.splice(0));
    await page.getByRole('button', { name: translations.es.settings.save }).click();
    await expect.poll(() => toastsOf(page)).toContain(translations.es.settings.saved);
    expect(uploads).toEqual(['POST']);
    await page.reload();
    await expect
      .poll(() => page.getByLabel(translations.es.settings.language.label, { exact: true }).inputValue())
      .toBe('es');
    await context.close();
  });

  it('en: /achievements filters unlocked and locked ones; /profile counts books read and the streak', async () => {
    const texts = translations.en;
    const reader = await signUpViaApi(uniqueEmail('achievements'), { language: 'en' });
    const summaryId = await generate(reader, { title: 'Digital Minimalism', author: 'Cal Newport' }, 'en');
    await award(reader, 'read_summary', summaryId);
    const { page, context, errors } = await openPage(browser(), { storedLanguage: 'en', session: reader });

    await page.goto('/achievements');
    const cards = page.getByTestId('achievement-card');
    const titles = () => cards.locator('h3').allTextContents();
    await cards.first().waitFor();
    const total = await cards.count();
    expect(total).toBeGreaterThanOrEqual(20);
    await expectNoViolations(page, '/achievements');

    const items = texts.achievements.items;
    await page.getByRole('tab', { name: new RegExp(`^${texts.achievements.filters.unlocked}`) }).click();
    // The most recent first.
    await expect.poll(titles).toEqual([items.first_read.title, items.first_summary.title]);
    await page.getByRole('tab', { name: new RegExp(`^${texts.achievements.filters.locked}`) }).click();
    await expect.poll(() => cards.count()).toBe(total - 2);
    const locked = await titles();
    expect(locked).toContain(items.summaries_5.title);
    expect(locked).not.toContain(items.first_read.title);

    await page.goto('/profile');
    const stat = (label: string) =>
      page
        .getByTestId('profile-stat')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd')
        .first();
    await stat(texts.profile.stats.booksRead).waitFor();
    expect(await stat(texts.profile.stats.booksRead).textContent()).toBe('1');
    expect(await stat(texts.profile.stats.summariesGenerated).textContent()).toBe('1');
    expect(await stat(texts.profile.stats.currentStreak).textContent()).toBe('1 day');
    expect(await stat(texts.profile.stats.longestStreak).textContent()).toBe('1 day');
    await expectNoViolations(page, '/profile');
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * Issue 22: a change shows at once wherever it is shown. A server keeps each ranking board's top
 * entries for RANKING_REFRESH_MS (a second by default); this one keeps them for a minute, so a
 * board read before a change still carries the old nickname when read again just after it.
 */
describe('gamification on a server that keeps its ranking boards a minute', () => {
  let llm: Awaited<ReturnType<typeof startFakeLlmServer>>;
  let server: RunningServer;

  beforeAll(async () => {
    llm = await startFakeLlmServer({ responder: bookResponder({ chunkSize: 48, delayMs: 0 }) });
    server = await startServer({
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_TIMEOUT_MS: '5000',
      RANKING_REFRESH_MS: '60000',
      GENERATION_LIMIT_PER_USER_PER_HOUR: '0',
      GENERATION_LIMIT_GLOBAL_PER_MINUTE: '0',
    });
  });

  afterAll(async () => {
    await server.stop();
    await llm.close();
  });

  /** A JSON request to this server's API as the reader of `session` (or as a visitor). */
  async function call(session: Session | null, path: string, body: unknown, method = 'POST') {
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': visitorAddress(),
        ...(session ? { Authorization: `Bearer ${session.access_token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    expect({ path, status: response.status }).toEqual({
      path,
      status: method === 'POST' && !session ? 201 : 200,
    });
    return response.json() as Promise<unknown>;
  }

  it('en at 1366 px, a server without AMAZON_ASSOCIATE_TAG: no Amazon link on the summary page, no disclosure in the footer (issue 23)', async () => {
    const texts = translations.en;
    const session = (await call(null, '/api/auth/signup', {
      email: uniqueEmail('no-amazon'),
      password: PASSWORD,
      full_name: 'Noa Store',
      signup_language: 'en',
      signup_path: '/auth',
    })) as Session;
    const { summaryId } = (await call(session, '/api/summaries', {
      bookTitle: 'Essentialism',
      bookAuthor: 'Greg McKeown',
      language: 'en',
    })) as GenerateSummaryResponse;
    const { page, context, errors } = await openPage(browser(), {
      baseURL: server.origin,
      storedLanguage: 'en',
      session,
      viewport: { width: 1366, height: 900 },
    });
    const status = page.waitForResponse((response) => response.url().endsWith('/api/status'));
    await page.goto(`/summary/${summaryId}`);
    await page.getByRole('heading', { level: 1, name: 'Essentialism' }).waitFor();
    expect(((await (await status).json()) as { amazonAssociateTag: unknown }).amazonAssociateTag).toBeNull();
    await page.getByRole('navigation', { name: texts.common.footer.navLabel }).waitFor();
    expect(await page.getByRole('link', { name: texts.summary.actions.buyOnAmazon }).count()).toBe(0);
    expect(await page.locator('a[href*="amazon."]').count()).toBe(0);
    expect(await page.getByText(texts.common.footer.affiliateDisclosure).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("en: a nickname saved in /settings shows at once on the reader's own entry of /ranking", async () => {
    const texts = translations.en;
    const session = (await call(null, '/api/auth/signup', {
      email: uniqueEmail('nickname-now'),
      password: PASSWORD,
      full_name: 'Nadia Quick',
      signup_language: 'en',
      signup_path: '/auth',
    })) as Session;
    // A summary (first_summary's XP) puts the reader on the boards.
    await call(session, '/api/summaries', {
      bookTitle: 'Deep Work',
      bookAuthor: 'Cal Newport',
      language: 'en',
    });
    const suffix = randomUUID().slice(0, 4);
    const before = `Before ${suffix}`;
    const after = `After ${suffix}`;
    await call(session, '/api/me/profile', { nickname: before }, 'PATCH');

    const { page, context, errors } = await openPage(browser(), {
      baseURL: server.origin,
      storedLanguage: 'en',
      session,
    });
    await recordToasts(context);
    const mine = page.locator('[data-testid="ranking-entry"][aria-current="true"]');
    const myName = mine.getByTestId('ranking-name');
    const openFromMenu = async (item: string) => {
      await page.getByRole('button', { name: texts.common.nav.userMenu, exact: true }).click();
      await page.getByRole('menuitem', { name: item }).click();
    };

    // The global board, read by the server now and kept for a minute.
    await page.goto('/ranking');
    await mine.waitFor();
    expect(await myName.textContent()).toBe(before);

    // To /settings within the app (no reload), where the new nickname is saved.
    await openFromMenu(texts.common.nav.profile);
    await page.getByRole('link', { name: texts.profile.edit }).click();
    const field = page.getByLabel(texts.settings.nickname.label, { exact: true });
    await field.fill(after);
    await page.getByRole('button', { name: texts.settings.save }).click();
    await expect.poll(() => toastsOf(page)).toContain(texts.settings.saved);

    // Every name the reader's own entry shows from now on, from its very first frame.
    await page.evaluate(() => {
      const shown: string[] = [];
      Object.assign(window, { __myNames: shown });
      new MutationObserver(() => {
        const name = document.querySelector(
          '[data-testid="ranking-entry"][aria-current="true"] [data-testid="ranking-name"]',
        )?.textContent;
        if (name && shown.at(-1) !== name) shown.push(name);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const namesShown = () =>
      page.evaluate(() => (window as unknown as { __myNames: string[] }).__myNames.slice());

    await openFromMenu(texts.common.nav.ranking);
    await page.waitForURL(/\/ranking$/);
    await mine.waitFor();
    // The board is read again meanwhile; the entry still says the new name when that answer lands.
    await page.waitForLoadState('networkidle');
    expect(await myName.textContent()).toBe(after);
    expect(await namesShown()).toEqual([after]);

    // And on a fresh load of the page, which the server answers from the board it kept.
    await page.goto('/ranking');
    await mine.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await myName.textContent()).toBe(after);
    expect(errors).toEqual([]);
    await context.close();
  });
});
