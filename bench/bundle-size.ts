// The JavaScript (gzip) a visitor downloads before interacting with the prerendered landing pages,
// and the signed-in app's first screen: `npm run build && npm run bench:bundle` (issue 24, ADR 0027).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
/** Issue 24's budget for a landing page's JavaScript before interaction. */
const LANDING_BUDGET_GZIP_BYTES = 80 * 1024;

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

async function sizes(file: string) {
  const content = await readFile(path.join(DIST, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

async function measure(files: readonly string[]) {
  const measured = await Promise.all([...new Set(files)].map(sizes));
  return {
    files: measured,
    totalBytes: measured.reduce((sum, f) => sum + f.bytes, 0),
    totalGzipBytes: measured.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

/** The scripts and modulepreloads an HTML page names: what loads before any interaction. */
function referencedScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map(
    (m) => m[1] ?? '',
  );
  return [...scripts, ...preloads];
}

/** A chunk and everything it imports statically. */
function withStaticImports(manifest: Manifest, key: string): string[] {
  const files: string[] = [];
  const visit = (chunkKey: string) => {
    const chunk = manifest[chunkKey];
    if (!chunk || files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

const appManifest = JSON.parse(await readFile(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
const publicManifest = JSON.parse(
  await readFile(path.join(DIST, '.vite/public-pages-manifest.json'), 'utf8'),
) as Manifest;

const landings = await Promise.all(
  ['pt', 'en', 'es'].map(async (language) => {
    const html = await readFile(path.join(DIST, 'prerendered', language, 'index.html'), 'utf8');
    return { page: `/${language}`, ...(await measure(referencedScripts(html))) };
  }),
);
// Loaded only as the pricing section comes into view (the island and React with it).
const pricingIsland = await measure(
  withStaticImports(publicManifest, 'src/public/islands/pricing-island.tsx'),
);
// The signed-in app's first screen: index.html's scripts, then /home's route chunk (the page and
// what it imports; the 'recommended by' section is a chunk of its own, loaded after it).
const appFirstScreen = await measure([
  ...referencedScripts(await readFile(path.join(DIST, 'index.html'), 'utf8')),
  ...withStaticImports(appManifest, 'src/app/home-route.tsx'),
]);

const worstLanding = Math.max(...landings.map((landing) => landing.totalGzipBytes));
console.log(
  JSON.stringify(
    {
      benchmark: 'initial-js',
      landingBeforeInteraction: landings,
      landingBudgetGzipBytes: LANDING_BUDGET_GZIP_BYTES,
      landingWithinBudget: worstLanding <= LANDING_BUDGET_GZIP_BYTES,
      pricingIslandWhenInView: pricingIsland,
      appFirstScreen,
    },
    null,
    2,
  ),
);
