import { createHash } from 'node:crypto';
import { foldText, type CatalogImportResponse } from '@summa/shared';
import { editionTitles } from '@summa/shared/data-files';
import type { Database } from '../../db/database.js';
import { CATALOG, type CatalogEntry } from './catalog-data.js';
import { CATALOG_IMPORT_ID, importedHash, recordImport } from '../../db/data-imports.repository.js';
import { upsertBooks } from './catalog-import.repository.js';
import type { BookInput } from './catalog.repository.js';

/** A stable id per slug, so a book keeps its id across databases and re-imports. */
export function bookIdForSlug(slug: string): string {
  const hex = createHash('sha256').update(`summa:book:${slug}`).digest('hex');
  // Shaped as a version-5-style UUID (version and variant bits set).
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

export function slugify(text: string): string {
  // Folded first, so a slug drops accents and apostrophes as search does ("Man's" -> "mans").
  return foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function slugOf(entry: CatalogEntry): string {
  return entry.slug ?? slugify(entry.en ?? entry.title);
}

export function toBookInput(entry: CatalogEntry): BookInput {
  const slug = slugOf(entry);
  return {
    id: bookIdForSlug(slug),
    slug,
    ...editionTitles(entry),
    author: entry.author,
    year: entry.year,
    isbn13: entry.isbn13,
    category: entry.category,
    level: entry.level,
    badges: [...entry.badges],
    trendingScore: entry.trending,
    source: 'catalog',
  };
}

export function catalogInputs(): BookInput[] {
  return CATALOG.map(toBookInput);
}

export function contentHash(inputs: readonly BookInput[]): string {
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
}

/** What an import did; `skipped` when the catalogue matched the last import and nothing was read. */
export type CatalogImportResult = Required<CatalogImportResponse> & { skipped: boolean };

/**
 * Writes the shipped catalogue: new books are inserted, changed ones updated, and books an
 * admin edited are kept as they are. Without `force`, a database whose recorded hash matches
 * the catalogue is left alone: one small query on every start after the first.
 */
export async function importCatalog(
  db: Database,
  { force = false }: { force?: boolean } = {},
): Promise<CatalogImportResult> {
  const inputs = catalogInputs();
  const hash = contentHash(inputs);
  if (!force && (await importedHash(db, CATALOG_IMPORT_ID)) === hash) {
    const total = inputs.length;
    return { total, inserted: 0, updated: 0, unchanged: total, kept: 0, skipped: true };
  }
  const counts = await upsertBooks(db, inputs);
  await recordImport(db, CATALOG_IMPORT_ID, hash, inputs.length);
  return { total: inputs.length, ...counts, skipped: false };
}
