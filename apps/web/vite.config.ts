import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type BuildEnvironmentOptions } from 'vite';

/** The shared build settings of the app and of the public pages' script. */
const CLIENT_BUILD: BuildEnvironmentOptions = {
  outDir: 'dist',
  // No source maps in what is served (nothing uploads them anywhere either); the server also refuses *.map.
  sourcemap: false,
  // No inline scripts or data-URL modules: the server's CSP forbids them.
  assetsInlineLimit: 0,
};

/**
 * Three builds (ADR 0027): `vite build`, the app (index.html); `vite build --mode public-pages`,
 * the prerendered public pages' own small script, next to it in dist/ without touching the app's
 * chunks; `vite build --ssr src/public/prerender.tsx`, the renderer scripts/prerender.js runs.
 */
export default defineConfig(({ isSsrBuild, mode }) => {
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
  return {
    plugins: [react(), tailwindcss()],
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
