// Lighthouse (mobile) on the public pages of the built server, in the system Chromium:
// `npm run build && npm run bench:lighthouse` (issue 24). Prints each page's category scores as JSON.
// Targets: performance >= 0.98 on /pt, /en and /es; accessibility, best practices and SEO 1.0 everywhere.
// LIGHTHOUSE_PAGES=/demo,summary measures only those pages; LIGHTHOUSE_REPORT_DIR=dir keeps each
// page's whole report there (the failing audits' details).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startFakeLlmServer } from '../apps/server/src/test/fake-llm-server.js';
import { bookResponder } from '../apps/server/src/test/summary-responder.js';
import { startServer } from '../e2e/support/server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

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

const llm = await startFakeLlmServer({ responder: bookResponder({ chunkSize: 400, delayMs: 0 }) });
// The built server as the e2e suite starts it: a fresh data dir, the embedded database, no covers
// fetched (no internet here), its PUBLIC_URL its own address.
const server = await startServer({
  LLM_PROVIDER: 'openai-compatible',
  LLM_BASE_URL: llm.baseUrl,
  LLM_MODEL: 'fake-model',
  // Its output shares this process's stdout, where only the JSON goes.
  LOG_LEVEL: 'silent',
});
const { origin } = server;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const pages: string[] = [];
  for (const page of ['/pt', '/en', '/es', '/faq', '/demo', 'summary']) {
    if (only && !only.includes(page)) continue;
    pages.push(page === 'summary' ? await sharedSummaryPath(origin) : page);
  }
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
      // Each page as a first visit gets it: Lighthouse keeps localStorage between pages by default,
      // and the language /es stored would start the app over /faq and /demo served in English.
      clearStorageTypes: [
        'file_systems',
        'shader_cache',
        'service_workers',
        'cache_storage',
        'local_storage',
      ],
    });
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      const { writeFileSync } = await import('node:fs');
      const name = page.replaceAll('/', '_') || 'root';
      writeFileSync(`${process.env.LIGHTHOUSE_REPORT_DIR}/${name}.json`, JSON.stringify(result?.lhr));
    }
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
  await server.stop();
  await llm.close();
}
