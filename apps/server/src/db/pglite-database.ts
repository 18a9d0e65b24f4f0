import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './database.js';
import { MIGRATIONS_FOLDER } from './migrations-folder.js';
import * as schema from './schema/index.js';

export async function openPglite(dataDir: string | undefined, copyOf?: Blob): Promise<DatabaseHandle> {
  // Catalogue search needs these; the migrations create them (CREATE EXTENSION).
  const extensions = { pg_trgm, unaccent };
  let client: PGlite;
  if (dataDir === undefined) {
    client = await PGlite.create({ extensions, loadDataDir: copyOf });
  } else {
    await mkdir(dataDir, { recursive: true });
    client = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions });
  }
  const turns = takeTurns(client);
  const db = drizzle({ client, schema });
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db,
    sessionCheckDb: db,
    kind: 'pglite',
    queueTarget: { kind: 'pglite', client },
    // It lives in this process, so it answers as long as it is open; a query would only wait its
    // turn behind every queued one, which is what a readiness probe must not do.
    ping: async () => client.ready && !client.closed,
    poolStats: () => {
      const queued = turns.queued();
      return {
        max: 1,
        open: 1,
        idle: queued === 0 ? 1 : 0,
        waiting: Math.max(0, queued - 1),
        statements: turns.statements(),
      };
    },
    close: () => client.close(),
  };
}

/** At most this long between the event loop's turns while queries are queued. */
const QUERY_STRETCH_MS = 10;

/**
 * PGlite runs each query synchronously on this thread and hands its lock straight to the next
 * waiter, so while queries are queued nothing else runs: not /healthz, not a timer, not a new
 * connection (20 readers on Explore pushed /healthz p99 past 1.6 s). Queries take turns here
 * instead, and once a stretch of them has run for QUERY_STRETCH_MS the next one waits for the
 * event loop to go round. Same granularity as PGlite's own lock (a top-level query, exec or
 * whole transaction), so nothing that worked can now deadlock.
 */
function takeTurns(client: PGlite): { queued: () => number; statements: () => number } {
  let last: Promise<unknown> = Promise.resolve();
  let queued = 0;
  // As PostgreSQL would see them: a transaction is its BEGIN, its statements and its COMMIT.
  let statements = 0;
  let stretchStartedAt = performance.now();
  const pause = async () => {
    if (performance.now() - stretchStartedAt < QUERY_STRETCH_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    stretchStartedAt = performance.now();
  };
  const turn = <T>(run: () => Promise<T>): Promise<T> => {
    // A query that finds none queued starts a new stretch: the event loop has been free meanwhile.
    if (queued === 0) stretchStartedAt = performance.now();
    queued += 1;
    const result = last
      .then(pause)
      .then(run)
      .finally(() => {
        queued -= 1;
      });
    last = result.catch(() => undefined);
    return result;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    statements += 1;
    return turn(() => query<T>(text, params, options));
  };
  client.exec = (text: string, options?: QueryOptions) => {
    statements += 1;
    return turn(() => exec(text, options));
  };
  client.transaction = <T>(callback: Parameters<typeof transaction<T>>[0]) => {
    statements += 2;
    return turn(() =>
      transaction<T>((tx) => {
        const txQuery = tx.query.bind(tx);
        const txExec = tx.exec.bind(tx);
        tx.query = <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          statements += 1;
          return txQuery<R>(text, params, options);
        };
        tx.exec = (text: string, options?: QueryOptions) => {
          statements += 1;
          return txExec(text, options);
        };
        return callback(tx);
      }),
    );
  };
  return { queued: () => queued, statements: () => statements };
}
