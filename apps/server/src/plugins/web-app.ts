import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { languageFromAcceptLanguage } from '@summa/shared/languages';
import { sendError } from '../http/error-reply.js';
import type { SummaryPreviews } from '../ports/summary-previews.js';
import { robotsTxt, sitemapXml } from './web-app/discovery.js';
import { HtmlAnswer } from './web-app/html-answer.js';
import { withLinkPreview } from './web-app/link-preview.js';
import { loadPrerenderedPages, type NegotiatedAt, type PrerenderedPage } from './web-app/public-pages.js';

const API_PREFIXES = ['/api/', '/healthz', '/readyz', '/metrics'];

function isApiPath(url: string): boolean {
  return url === '/api' || API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

export interface WebAppOptions {
  distDir: string | undefined;
  /** The site's public origin (PUBLIC_URL's), for canonical links, social tags and the sitemap. */
  origin: () => string;
  /** Whether the footer discloses affiliate links (there are some: AMAZON_ASSOCIATE_TAG). */
  affiliateDisclosure: boolean;
  /** A shared summary's preview, for the Open Graph tags of /summary/:id. */
  previews?: SummaryPreviews;
}

/**
 * Serves the built web app: hashed assets cached forever; the public pages prerendered for each
 * language (ADR 0027), their unprefixed addresses in the visitor's Accept-Language; a shared
 * summary's page with its link preview tags; robots.txt and sitemap.xml; and every other GET that
 * wants HTML answered with index.html so the client router can take over (including its own
 * not-found page). HTML is revalidated on every visit. API paths get a JSON 404 instead.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: WebAppOptions) => {
  const distDir = options.distDir;
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasWebApp = indexFile !== undefined && existsSync(indexFile);

  if (hasWebApp && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Source maps would publish the app's source: whatever a build leaves, none is served; the
      // prerendered pages are served below with the origin put in, and the build's manifests not at all.
      globIgnore: ['**/*.map', '**/*.map.*', 'prerendered/**', '.vite/**'],
      cacheControl: false,
      setHeaders(res, filePath) {
        const relative = path.relative(distDir, filePath);
        let cacheControl = 'public, max-age=3600';
        if (relative.startsWith(`assets${path.sep}`)) cacheControl = 'public, max-age=31536000, immutable';
        // The service worker and the app page it caches are checked on every visit: a new
        // deployment reaches the reader at once, as the app's 'new version' prompt (ADR 0036).
        else if (relative === 'index.html' || relative === 'sw.js') cacheControl = 'no-cache';
        res.header('cache-control', cacheControl);
      },
    });
    await registerPages(app, distDir, readFileSync(path.join(distDir, 'index.html'), 'utf8'), options);
  } else {
    app.log.warn({ distDir }, 'web app build not found: serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      (request.headers.accept ?? '').includes('text/html');
    if (hasWebApp && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(request, reply, 404, 'NOT_FOUND');
  });
});

/** Once per process: the origin is known once the server listens (without PUBLIC_URL, its port). */
function once<T>(make: () => T): () => T {
  let value: { made: T } | undefined;
  return () => (value ??= { made: make() }).made;
}

async function registerPages(
  app: FastifyInstance,
  distDir: string,
  indexHtml: string,
  options: WebAppOptions,
) {
  const { origin, previews } = options;
  const prerendered = await loadPrerenderedPages(distDir, options.affiliateDisclosure);
  if (!prerendered) app.log.warn({ distDir }, 'no prerendered pages in the web build: the app renders them');
  const pages = prerendered?.pages ?? [];

  const answers = new Map<string, () => HtmlAnswer>();
  const answerFor = (file: string, negotiated?: NegotiatedAt) => {
    const key = negotiated ? `${file} at ${negotiated.at}` : file;
    let answer = answers.get(key);
    if (!answer) {
      answer = once(() => new HtmlAnswer(prerendered?.html(file, origin(), negotiated) ?? indexHtml));
      answers.set(key, answer);
    }
    return answer();
  };

  for (const page of pages) {
    for (const { path: pagePath, file } of page.languages) {
      app.get(pagePath, { schema: { hide: true } }, (request, reply) => answerFor(file).send(request, reply));
    }
    const { negotiated } = page;
    if (negotiated) {
      app.get(negotiated, { schema: { hide: true } }, (request, reply) =>
        sendNegotiated(page, negotiated, request, reply),
      );
    }
  }

  /** /faq in the visitor's language (the app, when it starts, follows a language they chose before). */
  function sendNegotiated(page: PrerenderedPage, at: string, request: FastifyRequest, reply: FastifyReply) {
    const language = languageFromAcceptLanguage(request.headers['accept-language']);
    const version = page.languages.find((candidate) => candidate.language === language) ?? page.languages[0];
    if (!version) throw new Error(`the prerendered page ${page.key} has no language`);
    return answerFor(version.file, { path: version.path, at }).send(request, reply, ['accept-language']);
  }

  const robots = once(() => robotsTxt(origin()));
  const sitemap = once(() => sitemapXml(pages, origin()));
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots()),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap()),
  );

  // A shared summary: the app's page, with the book's preview in its head for chat apps and
  // crawlers; an unknown id gets the plain page (the app says it is not there).
  const plainIndex = once(() => new HtmlAnswer(indexHtml));
  app.get<{ Params: { id: string } }>('/summary/:id', { schema: { hide: true } }, async (request, reply) => {
    const preview = await previews?.preview(request.params.id).catch((error: unknown) => {
      request.log.warn({ err: error }, 'no link preview: the summary could not be read');
      return undefined;
    });
    if (!preview) return plainIndex().send(request, reply);
    return new HtmlAnswer(withLinkPreview(indexHtml, preview, origin())).send(request, reply);
  });
}
