// Writes the installed app's icons (apps/web/public/icons/*.png) from the favicon's drawing, with
// sharp (the server's image library): the sizes the web app manifest names, a maskable one whose
// mark sits inside the safe circle on a full-bleed background, and Apple's touch icon.
// Run `node tools/make-icons.js` after changing the logo; the PNGs are committed (about 20 KB).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'apps/web/public/icons');

/** The favicon's mark (apps/web/public/favicon.svg) on a 64×64 grid. */
const MARK = '<path d="M20 18h24v6H27l10 8-10 8h17v6H20v-6l10-8-10-8z" fill="#fbbf24"/>';
const BRAND = '#312e81';

/** The favicon as it is: a rounded square with the mark. */
const ROUNDED = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BRAND}"/>${MARK}</svg>`;

/**
 * A full square: the maskable icon (the platform cuts its own shape; the mark, at most 18.4 units
 * from the centre, sits inside the 80% safe circle of radius 25.6) and Apple's touch icon (Apple
 * rounds the corners itself and shows transparency as black).
 */
const SQUARE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/>${MARK}</svg>`;

export const ICONS = [
  { file: 'icon-192.png', svg: ROUNDED, size: 192 },
  { file: 'icon-512.png', svg: ROUNDED, size: 512 },
  { file: 'maskable-192.png', svg: SQUARE, size: 192 },
  { file: 'maskable-512.png', svg: SQUARE, size: 512 },
  { file: 'apple-touch-icon.png', svg: SQUARE, size: 180 },
];

mkdirSync(OUT, { recursive: true });
for (const { file, svg, size } of ICONS) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, file));
}
process.stdout.write(`wrote ${ICONS.length} icons to ${path.relative(ROOT, OUT)}\n`);
