import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseKind;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** Without a dataDir the database lives in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

/**
 * Each driver is loaded only when used: a start on the embedded database need not load the
 * PostgreSQL client, and one on PostgreSQL need not load the embedded database.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const { openPostgres } = await import('./postgres-database.js');
    return openPostgres(target.url, target.poolSize);
  }
  const { openPglite } = await import('./pglite-database.js');
  return openPglite(target.dataDir);
}
