import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateSummaryResponse, Session } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { startFakeLlmServer } from '../../apps/server/src/test/fake-llm-server.js';
import { bookResponder } from '../../apps/server/src/test/summary-responder.js';
import { PASSWORD, uniqueEmail, visitorAddress } from '../support/accounts.js';
import { openPersistentPage } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';

const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const texts = translations.es;

/** The player's <audio> element, read in the page. */
const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="audio-player"] audio');
    return audio ? { time: audio.currentTime, src: audio.src } : null;
  });

/** Screenshots at a phone's and a laptop's width, to look at, when SHOTS_DIR names a folder. */
async function shots(page: Page, name: string): Promise<void> {
  const folder = process.env.SHOTS_DIR;
  if (!folder) return;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(folder, `pwa-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Whether a new service worker is installed and waits for the page to let it take over. */
const workerWaiting = (page: Page) =>
  page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));

/**
 * Issue 27 (ADR 0036), on a server of its own: its copy of the web build is what a deployment
 * changes (a new sw.js), and the server is stopped at the end to take the network away for good.
 */
describe('the installable app and its offline copies', () => {
  let dist: string;
  let profile: string;
  let llm: Awaited<ReturnType<typeof startFakeLlmServer>>;
  let server: RunningServer;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'summa-e2e-web-'));
    await cp(WEB_DIST, dist, { recursive: true });
    profile = await mkdtemp(path.join(tmpdir(), 'summa-e2e-profile-'));
    llm = await startFakeLlmServer({ responder: bookResponder({ chunkSize: 400, delayMs: 0 }) });
    server = await startServer({
      WEB_DIST_DIR: dist,
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_TIMEOUT_MS: '5000',
      GENERATION_LIMIT_PER_USER_PER_HOUR: '0',
      GENERATION_LIMIT_GLOBAL_PER_MINUTE: '0',
      AUDIO_LIMIT_PER_USER_PER_HOUR: '0',
      AUDIO_LIMIT_GLOBAL_PER_MINUTE: '0',
    });
  });

  afterAll(async () => {
    await server.stop();
    await llm.close();
    await rm(dist, { recursive: true, force: true });
    await rm(profile, { recursive: true, force: true });
  });

  /** A JSON request to this server's API, as the reader of `session` or as a visitor. */
  async function call(session: Session | null, apiPath: string, body: unknown): Promise<unknown> {
    const response = await fetch(`${server.origin}${apiPath}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': visitorAddress(),
        ...(session ? { Authorization: `Bearer ${session.access_token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    expect({ apiPath, status: response.status }).toEqual({ apiPath, status: session ? 200 : 201 });
    return response.json();
  }

  it('es: installable, a new version prompts (not mid-generation), and a kept summary opens and plays with no network', async () => {
    const session = (await call(null, '/api/auth/signup', {
      email: uniqueEmail('pwa'),
      password: PASSWORD,
      full_name: 'Paz Offline',
      signup_language: 'es',
      signup_path: '/auth',
    })) as Session;
    const { summaryId } = (await call(session, '/api/summaries', {
      bookTitle: 'Offline Habits',
      bookAuthor: 'E2E Author',
      language: 'es',
    })) as GenerateSummaryResponse;
    await call(session, `/api/summaries/${summaryId}/audio`, { language: 'es' });

    const { context, page, errors } = await openPersistentPage(profile, {
      baseURL: server.origin,
      storedLanguage: 'es',
      session,
    });
    await page.goto(`/summary/${summaryId}`);
    const title = (await page.locator('h1').first().textContent()) ?? '';
    expect(title).toContain('Offline Habits');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // Installable: Chromium finds the manifest (the reader's language's) and the service worker.
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    // The page points its manifest link at the reader's language once it runs, and that manifest
    // is the reader's language's. (Chromium fetches a changed link's manifest again when it gets to
    // it: on a loaded machine it held the first one for more than 30 s, so its copy is not waited for.)
    await expect
      .poll(() => page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href))
      .toBe(`${server.origin}/manifest.es.webmanifest`);
    const manifest = (await (await fetch(`${server.origin}/manifest.es.webmanifest`)).json()) as {
      lang?: string;
      start_url?: string;
    };
    expect({ lang: manifest.lang, start: manifest.start_url }).toEqual({ lang: 'es', start: '/?lang=es' });
    expect((await cdp.send('Page.getAppManifest')).errors).toEqual([]);

    // A new version is deployed while the reader generates a summary: no prompt until it ends.
    const worker = path.join(dist, 'sw.js');
    await writeFile(worker, `${await readFile(worker, 'utf8')}\n// the next build\n`);
    await rm(`${worker}.br`, { force: true });
    await rm(`${worker}.gz`, { force: true });
    await page.goto('/home');
    await page.getByRole('combobox', { name: texts.search.box.label }).fill('slow-pwa book');
    await page.getByRole('button', { name: texts.generate.button }).click();
    const details = page.getByRole('dialog', { name: texts.search.details.title });
    await details.getByLabel(texts.search.details.authorLabel).fill('Slow Writer');
    await details.getByRole('button', { name: texts.search.details.confirm }).click();
    const overlay = page.getByRole('dialog', { name: texts.generate.overlay.title });
    await overlay.waitFor();
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect.poll(() => workerWaiting(page), { timeout: 15_000 }).toBe(true);
    const prompt = page.getByTestId('update-prompt');
    expect(await prompt.count()).toBe(0);
    await overlay.getByRole('button', { name: texts.generate.overlay.cancel }).click();
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain(texts.offline.update.title);
    await shots(page, 'update-prompt');
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    await prompt.getByRole('button', { name: texts.offline.update.reload }).click();
    // The new worker took over and the page reloaded onto it.
    await page.waitForFunction(() => !('beforeReload' in window));
    await expect.poll(() => workerWaiting(page)).toBe(false);
    expect(await prompt.count()).toBe(0);

    // Keep the summary with its narration; 'On this device' lists it with its size.
    await page.goto(`/summary/${summaryId}`);
    const keep = page.getByTestId('keep-offline');
    await keep.getByRole('checkbox').check();
    await keep.getByRole('button', { name: texts.offline.keep.button }).click();
    const kept = keep.getByRole('status');
    await kept.waitFor();
    expect(await kept.textContent()).toMatch(
      /^Guardado en este dispositivo con su narración: [\d,]+\s[kM]B$/,
    );
    await page.goto('/offline');
    await page.getByTestId('kept-item').waitFor();
    expect(await page.getByTestId('kept-item').count()).toBe(1);
    expect(await page.getByTestId('kept-total').textContent()).toMatch(/^1 resumen, [\d,]+\s[kM]B en total$/);
    await shots(page, 'on-this-device');
    expect(errors).toEqual([]);

    // No network at all: the app comes from the service worker, the summary and its narration
    // from the device, in Spanish; the read's XP waits for the network.
    await server.stop();
    await context.setOffline(true);
    await page.goto(`/summary/${summaryId}`);
    await page.getByTestId('offline-notice').waitFor();
    expect(await page.getByTestId('offline-notice').textContent()).toContain(texts.offline.notice.title);
    expect(await page.locator('h1').first().textContent()).toBe(title);
    const player = page.getByTestId('audio-player');
    await player.getByRole('button', { name: texts.audio.play, exact: true }).click();
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLAudioElement>('[data-testid="audio-player"] audio')?.currentTime ?? 0) >
        0.5,
      undefined,
      { timeout: 15_000 },
    );
    expect((await audioState(page))?.src).toMatch(/^blob:/);
    await shots(page, 'offline-summary');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('summa.pendingXp')))
      .toContain(summaryId);
    await context.close();
  });
});
