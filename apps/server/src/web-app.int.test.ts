import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SummaryContent } from '@summa/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeSummary } from './features/summaries/generation/generation.repository.js';
import { createTestApp, createWebDist, TEST_DATABASES, type TestContext } from './test/test-app.js';

const ORIGIN = 'https://summa.example';

/** A prerendered page as apps/web/scripts/prerender.js writes it, small. */
function prerendered(language: string, slug: string): string {
  return [
    `<!doctype html><html lang="${language}"><head><title>${language} ${slug}</title>`,
    `<link rel="canonical" href="__SUMMA_ORIGIN__/${language}${slug ? `/${slug}` : ''}"/></head>`,
    `<body><div id="root"><h1>${language} ${slug}</h1>`,
    `<p class="text-xs" data-testid="affiliate-disclosure">Amazon</p></div></body></html>`,
  ].join('');
}

async function writePrerendered(distDir: string): Promise<void> {
  const folder = path.join(distDir, 'prerendered');
  const pages = [
    { key: 'landing', slug: '', negotiated: null, xDefault: '/pt' },
    { key: 'faq', slug: 'faq', negotiated: '/faq', xDefault: '/faq' },
  ].map(({ key, slug, negotiated, xDefault }) => ({
    key,
    negotiated,
    xDefault,
    languages: (['pt', 'en', 'es'] as const).map((language) => ({
      language,
      hreflang: language === 'pt' ? 'pt-BR' : language,
      path: `/${language}${slug ? `/${slug}` : ''}`,
      file: `${language}/${slug || 'index'}.html`,
    })),
  }));
  for (const language of ['pt', 'en', 'es']) {
    await mkdir(path.join(folder, language), { recursive: true });
    await writeFile(path.join(folder, language, 'index.html'), prerendered(language, ''));
    await writeFile(path.join(folder, language, 'faq.html'), prerendered(language, 'faq'));
  }
  await writeFile(path.join(folder, 'pages.json'), JSON.stringify({ pages }));
  await writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><title>Summa</title></head><body><div id="root"></div></body></html>',
  );
}

const fixture = JSON.parse(
  await readFile(new URL('./test/fixtures/summaries/en-nonfiction.json', import.meta.url), 'utf8'),
) as { content: SummaryContent };

describe.each(TEST_DATABASES)('the web app on %s', (kind) => {
  let context: TestContext;
  let distDir: string;
  let summaryId: string;
  const hostile = `Deep "Work" <script>alert('x')</script> & more`;

  beforeAll(async () => {
    distDir = await createWebDist({ 'main-abc123.js': 'export {};' });
    await writePrerendered(distDir);
    await writeFile(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(distDir, 'manifest.en.webmanifest'), '{"name":"Summa"}');
    context = await createTestApp(kind, { webDistDir: distDir, env: { PUBLIC_URL: ORIGIN } });
    summaryId = await storeSummary(context.database.db, {
      normKey: 'deep work|cal newport|en',
      bookId: null,
      title: hostile,
      author: 'Cal "Newport" <b>',
      language: 'en',
      category: null,
      kind: 'nonfiction',
      content: { ...fixture.content, oneLiner: 'Focus </title><img src=x onerror=alert(1)> is rare.' },
      related: [],
      model: 'test',
    });
  });
  afterAll(async () => {
    await context.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('serves each prerendered page with the public origin put in, revalidated, without a disclosure when there are no affiliate links', async () => {
    const response = await context.app.inject({ url: '/en/faq' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(`<link rel="canonical" href="${ORIGIN}/en/faq"/>`);
    expect(response.body).not.toContain('__SUMMA_ORIGIN__');
    expect(response.body).not.toContain('affiliate-disclosure');

    const compressed = await context.app.inject({ url: '/pt', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('accept-encoding');
  });

  it('serves the service worker revalidated on every visit (a deployment reaches readers at once), the manifests as web app manifests', async () => {
    const worker = await context.app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-security-policy']).toContain("script-src 'self'");

    const manifest = await context.app.inject({ url: '/manifest.en.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("answers /faq in the visitor's Accept-Language, as its own canonical, and says it varies by it", async () => {
    const response = await context.app.inject({
      url: '/faq',
      headers: { 'accept-language': 'es-MX,en;q=0.5' },
    });
    expect(response.body).toContain('<h1>es faq</h1>');
    // /faq is the pages' x-default alternate: a canonical elsewhere would contradict it.
    expect(response.body).toContain(`<link rel="canonical" href="${ORIGIN}/faq"/>`);
    expect(response.headers.vary).toBe('accept-encoding, accept-language');
    const spanish = await context.app.inject({ url: '/es/faq' });
    expect(spanish.body).toContain(`<link rel="canonical" href="${ORIGIN}/es/faq"/>`);
    const fallback = await context.app.inject({ url: '/faq', headers: { 'accept-language': 'de-DE' } });
    expect(fallback.body).toContain('<h1>pt faq</h1>');
  });

  it('does not serve the prerendered files or the build manifest by their own paths', async () => {
    for (const url of ['/prerendered/pt/index.html', '/prerendered/pages.json']) {
      expect((await context.app.inject({ url })).statusCode).toBe(404);
    }
  });

  it('serves robots.txt: the API and the app screens are not for crawlers, the sitemap is named', async () => {
    const response = await context.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /api/', 'Disallow: /home']));
    expect(lines).not.toContain('Disallow: /faq');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('serves sitemap.xml: every public page in each language, with its alternates and x-default', async () => {
    const response = await context.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(['/pt', '/en', '/es', '/pt/faq', '/en/faq', '/es/faq'].map((p) => `${ORIGIN}${p}`));
    const faqEntry = response.body
      .split('<url>')
      .find((entry) => entry.includes(`<loc>${ORIGIN}/en/faq</loc>`));
    expect(faqEntry).toContain(`<xhtml:link rel="alternate" hreflang="pt-BR" href="${ORIGIN}/pt/faq"/>`);
    expect(faqEntry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/faq"/>`);
  });

  it('answers GET /api/summaries/:id/preview to anyone with the title, author, cover and one-liner only', async () => {
    const response = await context.app.inject({ url: `/api/summaries/${summaryId}/preview` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: summaryId,
      title: hostile,
      author: 'Cal "Newport" <b>',
      language: 'en',
      cover_url: null,
      oneLiner: 'Focus </title><img src=x onerror=alert(1)> is rare.',
    });
    const missing = await context.app.inject({ url: '/api/summaries/no-such-summary/preview' });
    expect(missing.statusCode).toBe(404);
  });

  it("puts a shared summary's Open Graph and Twitter tags into its page, escaped", async () => {
    const response = await context.app.inject({
      url: `/summary/${summaryId}`,
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    const escapedTitle = 'Deep &quot;Work&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more';
    expect(html).toContain(
      `<meta property="og:title" content="${escapedTitle} — Cal &quot;Newport&quot; &lt;b&gt;" />`,
    );
    expect(html).toContain(
      '<meta property="og:description" content="Focus &lt;/title&gt;&lt;img src=x onerror=alert(1)&gt; is rare." />',
    );
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/summary/${summaryId}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
  });

  it('serves the plain app page for an unknown summary, with no preview tags', async () => {
    const response = await context.app.inject({
      url: '/summary/no-such-summary',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('og:');
  });
});
