import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseKind;
  close(): Promise<void>;
}

/** Same relative place from src/db and dist/db, so the built server finds them too. */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any constant works; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_KEY = 7_351_902_614;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** Without a dataDir the database lives in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'postgres' ? openPostgres(target.url, target.poolSize) : openPglite(target.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  // Catalogue search needs these; the migrations create them (CREATE EXTENSION).
  const extensions = { pg_trgm, unaccent };
  let client: PGlite;
  if (dataDir === undefined) {
    client = await PGlite.create({ extensions });
  } else {
    await mkdir(dataDir, { recursive: true });
    client = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions });
  }
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle connection that the server drops (restart, admin command) emits 'error' on the
  // pool; unheard, it would crash the process. The pool replaces the connection on next use.
  pool.on('error', () => undefined);
  const close = closePool(pool);
  const db = drizzlePostgres({ client: pool, schema });
  try {
    await migrateUnderLock(pool, () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }));
  } catch (error) {
    await close();
    throw error;
  }
  return { db, kind: 'postgres', close };
}

/**
 * pool.end() resolves before its connections have finished closing; waiting for each one's
 * 'remove' lets the caller drop the database (or exit) without cutting a connection mid-goodbye.
 */
function closePool(pool: pg.Pool): () => Promise<void> {
  let open = 0;
  let allClosed: (() => void) | undefined;
  pool.on('connect', () => {
    open++;
  });
  pool.on('remove', () => {
    open--;
    if (open === 0) allClosed?.();
  });
  return async () => {
    const closed = open === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allClosed = resolve));
    await pool.end();
    await closed;
  };
}

/** Instances starting together on one database apply migrations one at a time. */
async function migrateUnderLock(pool: pg.Pool, run: () => Promise<void>): Promise<void> {
  const lockHolder = await pool.connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await run();
  } finally {
    await lockHolder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockHolder.release();
  }
}
