import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of `Database`, for work that must commit or roll back with its caller's. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Database;
  /**
   * Where the session check reads (ADR 41). On PostgreSQL a connection of its own: every signed-in
   * request may wait on that check, even one answered from memory, so it never queues behind a
   * saturated pool. On the embedded database, `db`.
   */
  readonly sessionCheckDb: Database;
  readonly kind: DatabaseKind;
  /**
   * Whether the database answers within READINESS_TIMEOUT_MS. It never waits longer, and on
   * PostgreSQL it has a connection of its own, so a saturated pool cannot hold it up.
   */
  ping(): Promise<boolean>;
  /** The connections in use and the requests waiting for one, read by /metrics. */
  poolStats(): PoolStats;
  /**
   * Where the job queue (queue/job-queue.ts) reaches the same database: PostgreSQL through a small
   * pool and a listening connection of its own, the embedded database through its one client.
   */
  readonly queueTarget: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  close(): Promise<void>;
}

/**
 * A database's connections at one moment. The embedded database has one connection, which its
 * queries take in turns: `waiting` counts the queries queued behind the running one.
 */
export interface PoolStats {
  max: number;
  open: number;
  idle: number;
  waiting: number;
  /**
   * Statements sent to the database since it was opened, each a round trip (a transaction's
   * BEGIN and COMMIT count): /metrics' summa_db_statements_total, and the query-count tests.
   */
  statements: number;
}

/** How long a readiness check waits for the database: a probe must get its answer within a second. */
export const READINESS_TIMEOUT_MS = 800;

/** Bounded waits for every PostgreSQL call (milliseconds). */
export interface DatabaseTimeouts {
  /** For a connection, from the pool or new (pool connectionTimeoutMillis). */
  connectMs: number;
  /**
   * For one statement: the server cancels it (statement_timeout), and the client stops waiting
   * a little later (query_timeout) in case the server itself does not answer. A transaction
   * left idle this long is ended by the server too.
   */
  statementMs: number;
}

/**
 * The PostgreSQL pool's size unless DATABASE_POOL_SIZE says otherwise (ADR 0046, after ADR 0043,
 * which superseded ADR 0032's two per core and one more): a statement holds its connection for a turn of the event
 * loop (10-15 ms when busy) while PostgreSQL spends well under a millisecond on it, so a process
 * needs its statement rate times that turn, whatever the machine's cores. A wait for a connection
 * is bounded by DATABASE_CONNECT_TIMEOUT_MS, after which the request is answered 503
 * DATABASE_UNAVAILABLE with Retry-After.
 */
export const DEFAULT_POOL_SIZE = 20;

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 3_000, statementMs: 5_000 };

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number; timeouts?: DatabaseTimeouts }
  /**
   * Without a dataDir the database lives in memory (tests), empty or, with `copyOf`, as a copy of
   * a data directory's dump (PGlite's dumpDataDir): the test databases, which start migrated.
   */
  | { kind: 'pglite'; dataDir?: string; copyOf?: Blob };

/**
 * Each driver is loaded only when used: a start on the embedded database need not load the
 * PostgreSQL client, and one on PostgreSQL need not load the embedded database.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const { openPostgres } = await import('./postgres-database.js');
    return openPostgres(target.url, target.poolSize, target.timeouts);
  }
  const { openPglite } = await import('./pglite-database.js');
  return openPglite(target.dataDir, target.copyOf);
}

/** Resolves `false` when `answer` takes longer than `ms` or fails. */
export async function answersWithin(answer: () => Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      answer().then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
