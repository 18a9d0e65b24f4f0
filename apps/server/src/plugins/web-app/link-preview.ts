import type { SummaryPreview } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { escapeHtml } from './escape-html.js';

/** Which Open Graph locale a summary's language is (as the prerendered pages' og:locale). */
const OG_LOCALE = { pt: 'pt_BR', en: 'en_US', es: 'es_LA' } as const;

/**
 * The app's index.html with a shared summary's Open Graph and Twitter tags in its head (issue 24),
 * every value escaped: chat apps and crawlers read them without running the app.
 */
export function withLinkPreview(indexHtml: string, preview: SummaryPreview, origin: string): string {
  const url = `${origin}/summary/${encodeURIComponent(preview.id)}`;
  const title = `${preview.title} — ${preview.author}`;
  const cover = preview.cover_url ? new URL(preview.cover_url, origin).href : undefined;
  const tags: [string, string, string][] = [
    ['name', 'description', preview.oneLiner],
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', translations[preview.language].common.appName],
    ['property', 'og:title', title],
    ['property', 'og:description', preview.oneLiner],
    ['property', 'og:url', url],
    ['property', 'og:locale', OG_LOCALE[preview.language]],
    ...(cover ? ([['property', 'og:image', cover]] as [string, string, string][]) : []),
    ['name', 'twitter:card', cover ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', preview.oneLiner],
    ...(cover ? ([['name', 'twitter:image', cover]] as [string, string, string][]) : []),
  ];
  const head = tags
    .map(([attribute, name, content]) => `<meta ${attribute}="${name}" content="${escapeHtml(content)}" />`)
    .join('\n    ');
  return indexHtml.replace('</head>', `    ${head}\n  </head>`);
}
