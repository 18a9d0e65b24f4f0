// Part of bench/generation.ts: the time from the model finishing a summary's first section to
// that section's text in the progress overlay's DOM, in Chromium, against the built web app.
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { translations } from '@summa/shared/i18n';
import { LANGUAGE_STORAGE_KEY } from '@summa/shared/languages';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { readBody, startFakeLlmServer } from '../apps/server/src/test/fake-llm-server.js';
import { bookResponder } from '../apps/server/src/test/summary-responder.js';
import { premiumBenchReader } from './bench-reader.js';
import { SESSION_STORAGE_KEY } from '../apps/web/src/lib/auth/session-storage.js';

const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
/** As e2e/support/browser.ts launches it. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The first section of a non-fiction summary, complete once its closing quote arrived. */
const FIRST_SECTION_DONE = /"oneLiner"\s*:\s*"(?:[^"\\]|\\.)*"/;

declare global {
  interface Window {
    __firstSectionAt?: number | null;
  }
}

/** Milliseconds since the Unix epoch, sub-millisecond, on this process's monotonic clock. */
const now = () => performance.timeOrigin + performance.now();

/**
 * A pass-through between the app and the fake model server that watches the streamed answer and
 * calls `onFirstSection` right after forwarding the bytes that complete the first section.
 */
async function startTap(targetBaseUrl: string, onFirstSection: (at: number) => void) {
  const origin = new URL(targetBaseUrl).origin;
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    const controller = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    const upstream = await fetch(`${origin}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers: {
        'content-type': req.headers['content-type'] ?? 'application/json',
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      },
      body: body ?? null,
      signal: controller.signal,
    });
    res.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
    });
    res.flushHeaders();
    if (!upstream.body) {
      res.end();
      return;
    }
    const decoder = new TextDecoder();
    let buffered = '';
    let content = '';
    let seen = false;
    for await (const chunk of upstream.body) {
      res.write(chunk);
      if (seen) continue;
      buffered += decoder.decode(chunk, { stream: true });
      let boundary = buffered.indexOf('\n\n');
      while (boundary >= 0) {
        const data = buffered.slice(0, boundary).replace(/^data: ?/, '');
        buffered = buffered.slice(boundary + 2);
        boundary = buffered.indexOf('\n\n');
        if (data === '[DONE]' || !data.startsWith('{')) continue;
        const parsed = JSON.parse(data) as { choices?: Array<{ delta?: { content?: string } }> };
        content += parsed.choices?.[0]?.delta?.content ?? '';
      }
      if (FIRST_SECTION_DONE.test(content)) {
        seen = true;
        onFirstSection(now());
      }
    }
    res.end();
  };
  const server = createServer((req, res) => {
    forward(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The page's clock minus this process's, from the quickest of a few round trips. */
async function clockOffset(page: Page): Promise<number> {
  let best = { roundTrip: Number.POSITIVE_INFINITY, offset: 0 };
  for (let n = 0; n < 7; n++) {
    const sent = now();
    const pageTime = await page.evaluate(() => performance.timeOrigin + performance.now());
    const received = now();
    if (received - sent < best.roundTrip) {
      best = { roundTrip: received - sent, offset: pageTime - (sent + received) / 2 };
    }
  }
  return best.offset;
}

export async function measureFirstSectionToDom(runs: number): Promise<number[]> {
  if (!existsSync(`${WEB_DIST}/index.html`)) {
    throw new Error('bench/generation needs the built web app: run `npm run build` first');
  }
  // Slow enough that the first section is written well before the rest (8 characters / 25 ms).
  const fake = await startFakeLlmServer({ responder: bookResponder({ chunkSize: 8, delayMs: 25 }) });
  /** When the model finished the first section of the current run's summary. */
  let modelFirstSectionAt: number | undefined;
  const tap = await startTap(fake.baseUrl, (at) => {
    modelFirstSectionAt ??= at;
  });
  const takeModelFirstSectionAt = () => {
    const at = modelFirstSectionAt;
    modelFirstSectionAt = undefined;
    return at;
  };
  const database = await openDatabase({ kind: 'pglite' });
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent',
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: tap.baseUrl,
      LLM_MODEL: 'fake-model',
      // No covers fetched from the internet while measuring.
      COVERS_FETCH: 'off',
    },
    { webDistDir: WEB_DIST },
  );
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const session = await premiumBenchReader(app, database, 'bench-browser@summa.test');

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const latencies: number[] = [];
  try {
    const context = await browser.newContext({ baseURL: base });
    await context.addInitScript(
      ([sessionKey, sessionValue, languageKey]) => {
        window.__firstSectionAt = null;
        if (location.protocol !== 'http:') return;
        localStorage.setItem(sessionKey, sessionValue);
        localStorage.setItem(languageKey, 'en');
        new MutationObserver(() => {
          if (window.__firstSectionAt !== null) return;
          const text = document.querySelector('[data-section="oneLiner"] p')?.textContent;
          if (text) window.__firstSectionAt = performance.timeOrigin + performance.now();
        }).observe(document, { subtree: true, childList: true, characterData: true });
      },
      [SESSION_STORAGE_KEY, JSON.stringify(session), LANGUAGE_STORAGE_KEY] as const,
    );
    const page = await context.newPage();
    const generate = page.getByRole('button', { name: translations.en.generate.button });
    // One warm-up generation, so that code loading and first compilation stay out of the figures.
    for (let run = -1; run < runs; run++) {
      await page.goto(`/home?title=${encodeURIComponent(`Bench Stream ${run + 1}`)}&author=Bencher`);
      await generate.waitFor();
      const offset = await clockOffset(page);
      takeModelFirstSectionAt();
      await generate.click();
      await page.waitForFunction(() => typeof window.__firstSectionAt === 'number', undefined, {
        timeout: 15_000,
      });
      const domAt = await page.evaluate(() => window.__firstSectionAt ?? Number.NaN);
      const modelAt = takeModelFirstSectionAt();
      if (modelAt === undefined) throw new Error('the tap saw no first section');
      if (run >= 0) latencies.push(domAt - offset - modelAt);
      // Leaving the page cancels the generation: the rest of the summary is not needed.
      await page.goto('about:blank');
    }
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    await tap.close();
    await fake.close();
  }
  return latencies;
}
