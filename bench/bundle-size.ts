// Initial JavaScript of the landing route, gzip: `npm run build && npm run bench:bundle`.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

async function sizes(file: string) {
  const content = await readFile(path.join(DIST, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

const html = await readFile(path.join(DIST, 'index.html'), 'utf8');
const entryScripts = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1] ?? '');
const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map(
  (m) => m[1] ?? '',
);
const landingChunk = (await readdir(path.join(DIST, 'assets'))).find((name) =>
  /^landing-page-.*\.js$/.test(name),
);
const files = [...entryScripts, ...preloads, ...(landingChunk ? [`assets/${landingChunk}`] : [])];
const measured = await Promise.all(files.map(sizes));
console.log(
  JSON.stringify(
    {
      benchmark: 'landing-initial-js',
      files: measured,
      totalBytes: measured.reduce((sum, f) => sum + f.bytes, 0),
      totalGzipBytes: measured.reduce((sum, f) => sum + f.gzipBytes, 0),
    },
    null,
    2,
  ),
);
