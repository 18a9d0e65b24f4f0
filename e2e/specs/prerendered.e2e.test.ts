import { describe, expect, it } from 'vitest';
import { translations } from '@summa/shared/i18n';
import { LANGUAGES } from '@summa/shared/languages';
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

describe.each(LANGUAGES)('the prerendered /%s landing, without scripts', (language) => {
  const messages = translations[language];

  it('holds the title, canonical, alternates, social tags, JSON-LD and the hero', async () => {
    const origin = baseURL();
    const page = await html(`/${language}`);
    expect(attribute(page, /<html lang="([^"]+)"/)).toBe(language === 'pt' ? 'pt-BR' : language);
    expect(attribute(page, /<title>([^<]*)<\/title>/)).toBe(messages.landing.meta.title);
    expect(attribute(page, /<link rel="canonical" href="([^"]+)"/)).toBe(`${origin}/${language}`);
    const alternates = [...page.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map(
      (match) => [match[1], match[2]],
    );
    expect(alternates).toEqual([
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
    expect(attribute(page, /<link rel="canonical" href="([^"]+)"/)).toBe(`${baseURL()}/${language}/faq`);
    expect(jsonLd(page)['@type']).toBe('FAQPage');
    expect(page).toContain(messages.faq.items.whatIs.question);
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
