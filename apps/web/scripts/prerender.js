// Prerenders the public pages in each language into dist/prerendered/ (ADR 0027): each page's HTML
// (rendered by dist-ssr/prerender.js, the `vite build --ssr` of src/public/prerender.tsx) in the
// frame of the app's index.html, with the public pages' own script instead of the app's. Writes
// pages.json, which tells the server which address serves which file, and feeds its sitemap.
// /demo's summary comes from the server's data files (the editorial library and the catalogue).
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const WEB = path.resolve(import.meta.dirname, '..');
const DIST = path.join(WEB, 'dist');
const OUT = path.join(DIST, 'prerendered');
const PUBLIC_ENTRY = 'src/public/public-entry.ts';
const SERVER_DATA = path.resolve(WEB, '../server/data');

const { renderPublicPage, publicPages, editorialDemoSummaries, LANGUAGES, HREFLANG } = await import(
  pathToFileURL(path.join(WEB, 'dist-ssr/prerender.js')).href
);

/** A JSON data file of the server's, named as the server names it in its messages. */
async function dataFile(relative) {
  const json = JSON.parse(await readFile(path.join(SERVER_DATA, relative), 'utf8'));
  return { name: `data/${relative}`, json };
}

const editorialNames = (await readdir(path.join(SERVER_DATA, 'editorial')))
  .filter((name) => name.endsWith('.json'))
  .sort();
const demo = editorialDemoSummaries(
  await Promise.all(editorialNames.map((name) => dataFile(`editorial/${name}`))),
  await dataFile('catalog.json'),
);
const manifest = JSON.parse(await readFile(path.join(DIST, '.vite/public-pages-manifest.json'), 'utf8'));

/** The public entry's file and every chunk it imports statically (modulepreloaded). */
function entryFiles(key) {
  const files = [];
  const visit = (chunkKey) => {
    const chunk = manifest[chunkKey];
    if (!chunk || files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  if (files.length === 0) throw new Error(`${key} is not in the build's manifest`);
  return files;
}

const [entry, ...preloads] = entryFiles(PUBLIC_ENTRY);
const scripts = [
  `<script type="module" crossorigin src="/${entry}"></script>`,
  ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
].join('\n    ');

// The app's frame: its head (charset, viewport, icon, stylesheet) without its scripts and title;
// its entry script stays named on <html>, for the public entry to start the app when it must.
const appHtml = await readFile(path.join(DIST, 'index.html'), 'utf8');
const appEntry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(appHtml)?.[1];
if (!appEntry) throw new Error('index.html names no entry script');
const template = appHtml
  .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace(/\s*<title>[^<]*<\/title>/, '');
for (const part of ['<html lang="pt-BR">', '</head>', '<div id="root"></div>']) {
  if (!template.includes(part)) throw new Error(`index.html has no ${part}`);
}

await rm(OUT, { recursive: true, force: true });
const pages = [];
for (const page of publicPages({ demo })) {
  const languages = [];
  for (const language of LANGUAGES) {
    const { head, body } = renderPublicPage(page, language);
    const file = `${language}/${page.pathIn(language).split('/').slice(2).join('/') || 'index'}.html`;
    const html = template
      .replace(
        '<html lang="pt-BR">',
        `<html lang="${HREFLANG[language]}" data-language="${language}" data-app="${appEntry}">`,
      )
      .replace('/manifest.pt.webmanifest', `/manifest.${language}.webmanifest`)
      .replace('</head>', `  ${head}\n    ${scripts}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
    await mkdir(path.dirname(path.join(OUT, file)), { recursive: true });
    await writeFile(path.join(OUT, file), html);
    languages.push({ language, hreflang: HREFLANG[language], path: page.pathIn(language), file });
  }
  const xDefault = page.negotiated ?? page.pathIn(LANGUAGES[0]);
  pages.push({ key: page.key, negotiated: page.negotiated ?? null, xDefault, languages });
}
await writeFile(path.join(OUT, 'pages.json'), `${JSON.stringify({ pages }, null, 2)}\n`);
process.stdout.write(
  `prerendered ${pages.length} pages in ${LANGUAGES.length} languages into dist/prerendered/\n`,
);
