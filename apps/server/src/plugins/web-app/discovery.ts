import { escapeHtml } from './escape-html.js';
import type { PrerenderedPage } from './public-pages.js';

/**
 * The app's own screens (apps/web/src/app/routes.tsx) that crawlers have nothing to find on:
 * signed-in and admin screens, and the sign-in, reset and confirmation pages.
 */
const APP_ONLY_PATHS = [
  '/api/',
  '/auth',
  '/pt/auth',
  '/en/auth',
  '/es/auth',
  '/welcome',
  '/premium-welcome',
  '/home',
  '/history',
  '/plans',
  '/explore',
  '/profile',
  '/achievements',
  '/ranking',
  '/settings',
  '/admin',
  '/populate-books',
  '/curation/',
];

/** robots.txt: everything public may be crawled, the API and the app's own screens not. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...APP_ONLY_PATHS.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** sitemap.xml: each public page in each language, with its alternates (and x-default) as hreflang links. */
export function sitemapXml(pages: readonly PrerenderedPage[], origin: string): string {
  const url = (pathname: string) => escapeHtml(`${origin}${pathname}`);
  const entries = pages.flatMap((page) => {
    const alternates = [
      ...page.languages.map(({ hreflang, path }) => [hreflang, path] as const),
      ['x-default', page.xDefault] as const,
    ].map(
      ([hreflang, pathname]) =>
        `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${url(pathname)}"/>`,
    );
    return page.languages.map(({ path }) =>
      [`  <url>`, `    <loc>${url(path)}</loc>`, ...alternates, `  </url>`].join('\n'),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
