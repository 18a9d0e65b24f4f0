import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { answersWithin, READINESS_TIMEOUT_MS, type DatabaseHandle } from './database.js';
import { sql } from 'drizzle-orm';
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
  return {
    db,
    kind: 'pglite',
    // The embedded database runs one query at a time: the check gives up rather than wait its turn.
    ping: () => answersWithin(() => db.execute(sql`select 1`), READINESS_TIMEOUT_MS),
    close: () => client.close(),
  };
}
