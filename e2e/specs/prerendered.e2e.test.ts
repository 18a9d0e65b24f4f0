import { describe, expect, it } from 'vitest';
import type { DemoResponse } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { LANGUAGES, type Language } from '@summa/shared/languages';
import { visitorAddress } from '../support/accounts.js';
import { baseURL } from '../support/browser.js';
import { sharedSummaryPath } from '../support/summaries.js';

/**
 * What a crawler or a chat app gets: the HTML the server sends, fetched without running any
 * script (issue 24, ADR 0025).
 */
async function html(path: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${baseURL()}${path}`, {
    headers: { Accept: 'text/html', 'X-Forwarded-For': visitorAddress(), ...headers },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  return response.text();
}

function attribute(page: string, selector: RegExp): string | undefined {
  return selector.exec(page)?.[1];
}

function jsonLd(page: string): { '@type': string; offers?: { price: string; priceCurrency: string } } {
  const body = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page)?.[1];
  expect(body).toBeDefined();
  return JSON.parse(body ?? '{}') as { '@type': string; offers?: { price: string; priceCurrency: string } };
}

const CURRENCY = { pt: 'BRL', en: 'USD', es: 'EUR' } as const;

/** A page's text as a reader sees it: tags dropped, React's escapes read back. */
function visibleText(page: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" };
  return page
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#x27);/g, (_entity, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ');
}

/** The alternate-language links of a page: [hreflang, href]. */
function alternates(page: string): (string | undefined)[][] {
  return [...page.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((match) => [
    match[1],
    match[2],
  ]);
}

/** What the server serves as the demo in `language` (the build cannot know its id or cover). */
async function servedDemo(language: Language): Promise<DemoResponse> {
  const response = await fetch(`${baseURL()}/api/demo?language=${language}`, {
    headers: { 'X-Forwarded-For': visitorAddress() },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as DemoResponse;
}

describe.each(LANGUAGES)('the prerendered /%s landing, without scripts', (language) => {
  const messages = translations[language];

  it('holds the title, canonical, alternates, social tags, JSON-LD and the hero', async () => {
    const origin = baseURL();
    const page = await html(`/${language}`);
    expect(attribute(page, /<html lang="([^"]+)"/)).toBe(language === 'pt' ? 'pt-BR' : language);
    expect(attribute(page, /<title>([^<]*)<\/title>/)).toBe(messages.landing.meta.title);
    expect(attribute(page, /<link rel="canonical" href="([^"]+)"/)).toBe(`${origin}/${language}`);
    expect(alternates(page)).toEqual([
      ['pt-BR', `${origin}/pt`],
      ['en', `${origin}/en`],
      ['es', `${origin}/es`],
      ['x-default', `${origin}/pt`],
    ]);
    expect(attribute(page, /<meta property="og:url" content="([^"]+)"/)).toBe(`${origin}/${language}`);
    expect(attribute(page, /<meta name="twitter:card" content="([^"]+)"/)).toBe('summary');
    const data = jsonLd(page);
    expect(data['@type']).toBe('WebApplication');
    expect(data.offers).toEqual({ '@type': 'Offer', price: '0', priceCurrency: CURRENCY[language] });
    expect(page).toContain(`>${messages.landing.hero.title}</h1>`);
    expect(page).toContain(messages.landing.pricing.title);
  });

  it('serves its FAQ with the FAQPage data, and /faq in the Accept-Language', async () => {
    const page = await html('/faq', { 'Accept-Language': `${language === 'pt' ? 'pt-BR' : language};q=0.9` });
    expect(attribute(page, /<html lang="([^"]+)"/)).toBe(language === 'pt' ? 'pt-BR' : language);
    // Its own canonical: /faq is the x-default alternate of the FAQ in each language.
    expect(attribute(page, /<link rel="canonical" href="([^"]+)"/)).toBe(`${baseURL()}/faq`);
    expect(jsonLd(page)['@type']).toBe('FAQPage');
    expect(page).toContain(messages.faq.items.whatIs.question);
  });
});

describe.each(LANGUAGES)('the prerendered /%s/demo, without scripts', (language) => {
  const messages = translations[language];

  it('holds the title, canonical, alternates, social tags and the whole editorial summary', async () => {
    const origin = baseURL();
    const [page, { summary }] = await Promise.all([html(`/${language}/demo`), servedDemo(language)]);
    const title = `${messages.pages.demo.title}: ${summary.title} · ${messages.common.appName}`;
    expect(attribute(page, /<html lang="([^"]+)"/)).toBe(language === 'pt' ? 'pt-BR' : language);
    expect(visibleText(attribute(page, /<title>([^<]*)<\/title>/) ?? '')).toBe(title);
    expect(attribute(page, /<link rel="canonical" href="([^"]+)"/)).toBe(`${origin}/${language}/demo`);
    expect(alternates(page)).toEqual([
      ['pt-BR', `${origin}/pt/demo`],
      ['en', `${origin}/en/demo`],
      ['es', `${origin}/es/demo`],
      ['x-default', `${origin}/demo`],
    ]);
    expect(attribute(page, /<meta property="og:url" content="([^"]+)"/)).toBe(`${origin}/${language}/demo`);
    expect(attribute(page, /<meta name="description" content="([^"]+)"/)?.length).toBeGreaterThan(50);
    expect(page).toContain(`>${messages.pages.demo.title}</h1>`);
    // The build's summary is the one the server serves (read from the same data files).
    const text = visibleText(page);
    const { content } = summary;
    if (content.kind !== 'nonfiction') throw new Error('the demo is a non-fiction summary');
    for (const shown of [
      summary.title,
      summary.author,
      content.oneLiner,
      ...content.keyIdeas.map((idea) => idea.explanation),
      ...content.sevenDayPlan.flatMap((day) => day.tasks),
      content.closing,
    ]) {
      expect(text).toContain(shown);
    }
  });

  it('serves /demo in the Accept-Language, and lists the demo in the sitemap', async () => {
    const response = await fetch(`${baseURL()}/demo`, {
      headers: {
        Accept: 'text/html',
        'Accept-Language': `${language === 'pt' ? 'pt-BR' : language};q=0.9`,
        'X-Forwarded-For': visitorAddress(),
      },
    });
    expect(response.headers.get('vary')).toMatch(/accept-language/i);
    const page = await response.text();
    expect(attribute(page, /<html lang="([^"]+)"/)).toBe(language === 'pt' ? 'pt-BR' : language);
    expect(attribute(page, /<link rel="canonical" href="([^"]+)"/)).toBe(`${baseURL()}/demo`);
    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    const entry = sitemap
      .split('<url>')
      .find((url) => url.includes(`<loc>${baseURL()}/${language}/demo</loc>`));
    expect(entry).toContain(`hreflang="x-default" href="${baseURL()}/demo"`);
  });
});

describe('a shared summary, without scripts', () => {
  it('carries the book in its Open Graph and Twitter tags', async () => {
    const target = await sharedSummaryPath('Digital Minimalism', 'Cal Newport');
    const page = await html(target);
    expect(attribute(page, /<meta property="og:title" content="([^"]+)"/)).toMatch(/Digital Minimalism/);
    expect(attribute(page, /<meta property="og:url" content="([^"]+)"/)).toBe(`${baseURL()}${target}`);
    expect(attribute(page, /<meta property="og:description" content="([^"]+)"/)?.length).toBeGreaterThan(10);
    expect(attribute(page, /<meta name="twitter:title" content="([^"]+)"/)).toMatch(/Digital Minimalism/);
  });

  it('is the plain app page for an id that names no summary', async () => {
    const page = await html('/summary/no-such-summary');
    expect(page).not.toContain('og:title');
  });
});
