import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './database.js';
import { MIGRATIONS_FOLDER } from './migrations-folder.js';
import * as schema from './schema/index.js';

export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  // Catalogue search needs these; the migrations create them (CREATE EXTENSION).
  const extensions = { pg_trgm, unaccent };
  let client: PGlite;
  if (dataDir === undefined) {
    client = await PGlite.create({ extensions });
  } else {
    await mkdir(dataDir, { recursive: true });
    client = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions });
  }
  const db = drizzle({ client, schema });
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: 'pglite', close: () => client.close() };
}
