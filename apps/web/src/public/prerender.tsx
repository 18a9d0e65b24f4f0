/**
 * The build's server-side entry (vite build --ssr): renders each public page in each language to
 * HTML. scripts/prerender.js puts that into index.html's frame and writes dist/prerendered/.
 */
import { translations } from '@summa/shared/i18n';
import { LANGUAGES, type Language } from '@summa/shared/languages';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { IslandCollector, type IslandName } from '../components/island';
import { FooterView } from '../components/layout/footer-view';
import { PageFrame } from '../components/layout/page-frame';
import { PageMeta } from '../components/page-meta';
import { SiteOriginContext } from '../components/site-origin';
import { HREFLANG, serializeJsonLd } from '../lib/seo';
import { ISLAND_TEXTS, ISLAND_TEXTS_ID } from './islands';
import { editorialDemoSummaries } from './demo-data';
import { publicPages, type PublicPage } from './public-pages';
import { PublicHeader } from './public-header';

/** Stands for the public origin in the prerendered HTML; the server puts its own in (plugins/web-app.ts). */
export const ORIGIN_PLACEHOLDER = '__SUMMA_ORIGIN__';

export { editorialDemoSummaries, HREFLANG, LANGUAGES, publicPages };

export interface RenderedPage {
  /** The head tags the page set (title, description, canonical, alternates, social tags). */
  head: string;
  /** The page in its frame (header, main, footer), for #root; then the islands' texts. */
  body: string;
}

/** Only a page's hoisted head tags may come before its frame in React's output. */
const HEAD_TAGS = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)*$/;

function textsAt(language: Language, path: string): unknown {
  let node: unknown = translations[language];
  for (const part of path.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (node === undefined) throw new Error(`no interface texts at ${path}`);
  return node;
}

/** The islands' texts in the page's language, as one tree (what island-i18n.ts loads). */
function islandTexts(islands: ReadonlySet<IslandName>, language: Language): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  for (const path of [...islands].flatMap((name) => ISLAND_TEXTS[name])) {
    const parts = path.split('.');
    const last = parts.pop() ?? path;
    let node = tree;
    for (const part of parts) {
      const next = (node[part] ??= {});
      node = next as Record<string, unknown>;
    }
    node[last] = textsAt(language, path);
  }
  return tree;
}

export function renderPublicPage(page: PublicPage, language: Language): RenderedPage {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    resources: { [language]: { translation: translations[language] } },
    lng: language,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  const t = i18n.getFixedT(language);
  const islands = new Set<IslandName>();
  const path = page.pathIn(language);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <SiteOriginContext value={ORIGIN_PLACEHOLDER}>
        <IslandCollector value={islands}>
          <MemoryRouter initialEntries={[path]}>
            <PageFrame
              header={<PublicHeader language={language} pathIn={page.pathIn} />}
              footer={<FooterView affiliate language={language} />}
            >
              {page.texts ? (
                <PageMeta
                  language={language}
                  pathIn={page.pathIn}
                  defaultPath={page.negotiated ?? page.pathIn(language)}
                  title={`${t(`pages.${page.texts}.title`)} · ${t('common.appName')}`}
                  description={t(`pages.${page.texts}.description`)}
                />
              ) : null}
              <page.Component />
            </PageFrame>
          </MemoryRouter>
        </IslandCollector>
      </SiteOriginContext>
    </I18nextProvider>,
  );
  const frameStart = html.indexOf('<div class="flex min-h-dvh flex-col">');
  const head = html.slice(0, frameStart);
  if (frameStart < 0 || !HEAD_TAGS.test(head)) throw new Error(`unexpected prerender output for ${path}`);
  const texts = islands.size > 0 ? islandTexts(islands, language) : undefined;
  const textsScript = texts
    ? `<script type="application/json" id="${ISLAND_TEXTS_ID}">${serializeJsonLd(texts)}</script>`
    : '';
  return { head, body: html.slice(frameStart) + textsScript };
}
