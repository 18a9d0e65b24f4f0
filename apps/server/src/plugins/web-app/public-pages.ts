import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { LANGUAGES } from '@summa/shared/languages';
import { escapeHtml } from './escape-html.js';

/** Stands for the public origin in the prerendered pages (apps/web/src/public/prerender.tsx). */
const ORIGIN_PLACEHOLDER = '__SUMMA_ORIGIN__';

/** The footer's affiliate disclosure, which the prerender always renders (apps/web footer-view.tsx). */
const AFFILIATE_DISCLOSURE = /<p [^>]*data-testid="affiliate-disclosure"[^>]*>[^<]*<\/p>/g;

/** dist/prerendered/pages.json, written by apps/web/scripts/prerender.js (ADR 0027). */
const pagesFileSchema = z.object({
  pages: z.array(
    z.object({
      key: z.string(),
      negotiated: z.string().nullable(),
      xDefault: z.string(),
      languages: z.array(
        z.object({ language: z.enum(LANGUAGES), hreflang: z.string(), path: z.string(), file: z.string() }),
      ),
    }),
  ),
});
export type PrerenderedPage = z.infer<typeof pagesFileSchema>['pages'][number];

/** A language's page answering at the page's unprefixed address (`/faq` in the Accept-Language). */
export interface NegotiatedAt {
  /** The language's own address: '/en/faq'. */
  path: string;
  /** The address it answers at: '/faq'. */
  at: string;
}

export interface PrerenderedPages {
  pages: readonly PrerenderedPage[];
  /**
   * A page's HTML as served: the origin put in, the affiliate disclosure only when there are
   * affiliate links; at its unprefixed address, that address is its canonical and og:url (it is
   * the pages' x-default alternate, which a canonical elsewhere would contradict).
   */
  html(file: string, origin: string, negotiated?: NegotiatedAt): string;
}

/** The page at its unprefixed address: its own canonical and og:url, the alternates as they are. */
function atNegotiated(html: string, { path, at }: NegotiatedAt): string {
  const from = `${ORIGIN_PLACEHOLDER}${path}"`;
  const to = `${ORIGIN_PLACEHOLDER}${at}"`;
  return html
    .replace(`<link rel="canonical" href="${from}`, `<link rel="canonical" href="${to}`)
    .replace(`<meta property="og:url" content="${from}`, `<meta property="og:url" content="${to}`);
}

/** The build's prerendered pages, or undefined when the build has none (an older or partial build). */
export async function loadPrerenderedPages(
  distDir: string,
  affiliateDisclosure: boolean,
): Promise<PrerenderedPages | undefined> {
  const folder = path.join(distDir, 'prerendered');
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(path.join(folder, 'pages.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const { pages } = pagesFileSchema.parse(manifest);
  const templates = new Map<string, string>();
  for (const { file } of pages.flatMap((page) => page.languages)) {
    const html = await readFile(path.join(folder, file), 'utf8');
    templates.set(file, affiliateDisclosure ? html : html.replace(AFFILIATE_DISCLOSURE, ''));
  }
  return {
    pages,
    html(file, origin, negotiated) {
      const template = templates.get(file);
      if (template === undefined) throw new Error(`no prerendered page ${file}`);
      const html = negotiated ? atNegotiated(template, negotiated) : template;
      return html.replaceAll(ORIGIN_PLACEHOLDER, escapeHtml(origin));
    },
  };
}
