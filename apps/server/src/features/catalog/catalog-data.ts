import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { catalogFileSchema, type CatalogEntry } from '@summa/shared/data-files';

export type { CatalogEntry };

/** The shipped catalogue: the same relative place from src/ and dist/, so the built server finds it. */
export const CATALOG_FILE = fileURLToPath(new URL('../../../data/catalog.json', import.meta.url));

/** Reads and checks a catalogue file; a malformed one stops the server at start. */
export function loadCatalog(file: string = CATALOG_FILE): readonly CatalogEntry[] {
  const parsed = catalogFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${file} is not a valid catalogue: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data.books;
}

/** The shipped catalogue, read once. */
export const CATALOG: readonly CatalogEntry[] = loadCatalog();
