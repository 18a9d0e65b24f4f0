import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type BuildEnvironmentOptions, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// The shared package's source, bundled into this config (Node would load its build output, which
// does not exist yet when Vitest reads this file on a clean clone).
import { offline } from '../../packages/shared/src/i18n/resources/offline.ts';
import { LANGUAGES, type Language } from '../../packages/shared/src/languages.ts';
import { manifestPath } from './src/lib/pwa/manifest-path.ts';

/** The shared build settings of the app and of the public pages' script. */
const CLIENT_BUILD: BuildEnvironmentOptions = {
  outDir: 'dist',
  // No source maps in what is served (nothing uploads them anywhere either); the server also refuses *.map.
  sourcemap: false,
  // No inline scripts or data-URL modules: the server's CSP forbids them.
  assetsInlineLimit: 0,
};

const HTML_LANG: Record<Language, string> = { pt: 'pt-BR', en: 'en', es: 'es' };

/**
 * The web app manifest of each interface language (ADR 0036): the same app (`id`), its name,
 * description and start page in that language (the start page opens the reader's home, or the
 * landing in that language for a visitor: routes.tsx decideStart), and the icons
 * tools/make-icons.js draws from the favicon.
 */
function webManifest(language: Language) {
  const icon = (file: string, size: number, purpose: 'any' | 'maskable') => ({
    src: `/icons/${file}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/',
    name: 'Summa',
    short_name: 'Summa',
    description: offline[language].manifestDescription,
    lang: HTML_LANG[language],
    dir: 'ltr',
    start_url: `/?lang=${language}`,
    scope: '/',
    display: 'standalone',
    theme_color: '#312e81',
    background_color: '#fafaf9',
    categories: ['books', 'education'],
    icons: [
      icon('icon-192.png', 192, 'any'),
      icon('icon-512.png', 512, 'any'),
      icon('maskable-192.png', 192, 'maskable'),
      icon('maskable-512.png', 512, 'maskable'),
    ],
  };
}

/** Writes the three manifests into the app build and links the default one from index.html. */
function webManifests(): Plugin {
  return {
    name: 'summa-web-manifests',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: manifestPath('pt') }, injectTo: 'head' },
    ],
    generateBundle() {
      for (const language of LANGUAGES) {
        this.emitFile({
          type: 'asset',
          fileName: manifestPath(language).slice(1),
          source: `${JSON.stringify(webManifest(language), null, 2)}\n`,
        });
      }
    },
  };
}

/**
 * The service worker (ADR 0036): our own src/service-worker/sw.ts, built with its Workbox
 * modules bundled (no other origin's scripts: the CSP), with the app build's files to precache.
 * The public pages' build (after it) and the prerendered pages are left out: those pages come from
 * the network, and offline the app renders them.
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    // Registered by the app itself (lib/pwa/app-update.ts), with its own update prompt.
    injectRegister: false,
    registerType: 'prompt',
    // The manifests are ours (webManifests above): one per language.
    manifest: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,wav,webmanifest}'],
      globIgnores: ['prerendered/**', '.vite/**', 'sw.js'],
      // Fail the build rather than leave an asset out of the app shell.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}

/**
 * Three builds (ADR 0027): `vite build`, the app (index.html); `vite build --mode public-pages`,
 * the prerendered public pages' own small script, next to it in dist/ without touching the app's
 * chunks; `vite build --ssr src/public/prerender.tsx`, the renderer scripts/prerender.js runs.
 */
export default defineConfig(({ command, isSsrBuild, mode }) => {
  let build: BuildEnvironmentOptions;
  if (isSsrBuild) build = { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false };
  else if (mode === 'public-pages')
    build = {
      ...CLIENT_BUILD,
      emptyOutDir: false,
      copyPublicDir: false,
      // Which files the entry loads, for scripts/prerender.js.
      manifest: '.vite/public-pages-manifest.json',
      rolldownOptions: { input: { public: 'src/public/public-entry.ts' } },
    };
  else
    build = {
      ...CLIENT_BUILD,
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // zod with the app's zod settings in one chunk: whatever builds a schema imports
              // it, so jitless is set before the first object schema probes for eval (which the
              // CSP forbids, and the browser logged as a violation on every app page).
              { name: 'zod', test: /node_modules\/zod\/|src\/lib\/zod-config\.ts$/ },
            ],
          },
        },
      },
    };
  const appBuild = command === 'build' && !isSsrBuild && mode !== 'public-pages';
  return {
    plugins: [react(), tailwindcss(), ...(appBuild ? [webManifests(), serviceWorker()] : [])],
    resolve: {
      // Use the shared package's TypeScript source instead of its build output.
      conditions: ['summa-source'],
    },
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
    },
    build,
  };
});
