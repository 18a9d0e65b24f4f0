// Lighthouse (mobile) on the public pages of the built server, in the system Chromium:
// `npm run build && npm run bench:lighthouse` (issue 24). Prints each page's category scores as JSON.
// Targets: performance >= 0.98 on /pt, /en and /es; accessibility, best practices and SEO 1.0 everywhere.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startFakeLlmServer } from '../apps/server/src/test/fake-llm-server.js';
import { bookResponder } from '../apps/server/src/test/summary-responder.js';

const SERVER_ENTRY = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilReady(origin: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start within 2 minutes');
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A summary someone generated (the fake model writes it), whose shared link a visitor opens. */
async function sharedSummaryPath(origin: string): Promise<string> {
  const headers = { 'Content-Type': 'application/json' };
  const session = await json<{ access_token: string }>(
    await fetch(`${origin}/api/auth/signup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        email: `lighthouse-${Date.now()}@bench.test`,
        password: 'bench-secret-1',
        full_name: 'Bench Reader',
        signup_language: 'en',
        signup_path: '/auth',
      }),
    }),
  );
  const { summaryId } = await json<{ summaryId: string }>(
    await fetch(`${origin}/api/summaries`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ bookTitle: 'Essentialism', bookAuthor: 'Greg McKeown', language: 'en' }),
    }),
  );
  return `/summary/${summaryId}`;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'summa-lighthouse-'));
const llm = await startFakeLlmServer({ responder: bookResponder({ chunkSize: 400, delayMs: 0 }) });
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [SERVER_ENTRY], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'fake-model',
  },
  stdio: 'ignore',
});
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitUntilReady(origin);
  const pages = ['/pt', '/en', '/es', '/faq', '/demo', await sharedSummaryPath(origin)];
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const results = [];
  for (const page of pages) {
    const result = await lighthouse(`${origin}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const categories = result?.lhr.categories ?? {};
    const failing = Object.values(result?.lhr.audits ?? {})
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id);
    results.push({
      page: page.startsWith('/summary/') ? '/summary/{id}' : page,
      ...Object.fromEntries(CATEGORIES.map((name) => [name, categories[name]?.score ?? null])),
      firstContentfulPaintMs: Math.round(result?.lhr.audits['first-contentful-paint']?.numericValue ?? 0),
      largestContentfulPaintMs: Math.round(result?.lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      failingAudits: failing,
    });
  }
  console.log(
    JSON.stringify({ benchmark: 'lighthouse-mobile', chromium: CHROMIUM, pages: results }, null, 2),
  );
} finally {
  chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await llm.close();
  await rm(dataDir, { recursive: true, force: true });
}
