import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './database.js';
import { MIGRATIONS_FOLDER } from './migrations-folder.js';
import * as schema from './schema/index.js';

/** Any constant works; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_KEY = 7_351_902_614;

export async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle connection that the server drops (restart, admin command) emits 'error' on the
  // pool; unheard, it would crash the process. The pool replaces the connection on next use.
  pool.on('error', () => undefined);
  const close = closePool(pool);
  const db = drizzle({ client: pool, schema });
  try {
    await migrateUnderLock(pool, () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
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
