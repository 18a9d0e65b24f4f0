import { eq, sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { catalogImports } from './schema/index.js';

// The data sets the server ships and writes at start (the catalogue, the editorial library): the
// hash of what was last written, so that a start with unchanged data reads one row and stops.

/**
 * The shipped catalogue's import id: the editorial library and the people's shelves name its
 * books, so their own imports are redone when it changed.
 */
export const CATALOG_IMPORT_ID = 'catalog';

/** The content hash recorded by the last import of `importId`; undefined before the first. */
export async function importedHash(db: Database, importId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ contentHash: catalogImports.contentHash })
    .from(catalogImports)
    .where(eq(catalogImports.id, importId));
  return row?.contentHash;
}

/** Records an import of `importId`: its content hash and how many items it held. */
export async function recordImport(db: Database, importId: string, contentHash: string, itemCount: number) {
  await db
    .insert(catalogImports)
    .values({ id: importId, contentHash, bookCount: itemCount })
    .onConflictDoUpdate({
      target: catalogImports.id,
      set: { contentHash, bookCount: itemCount, importedAt: sql`now()` },
    });
}
