import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import {
  answersWithin,
  DEFAULT_DATABASE_TIMEOUTS,
  DEFAULT_POOL_SIZE,
  READINESS_TIMEOUT_MS,
  type DatabaseHandle,
  type DatabaseTimeouts,
} from './database.js';
import { MIGRATIONS_FOLDER } from './migrations-folder.js';
import * as schema from './schema/index.js';

/** Any constant works; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_KEY = 7_351_902_614;

/** The client stops waiting for a statement this long after the server should have cancelled it. */
const CLIENT_GRACE_MS = 500;

export async function openPostgres(
  url: string,
  poolSize = DEFAULT_POOL_SIZE,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): Promise<DatabaseHandle> {
  // Migrations may run long statements (an index on a big table): they get a pool of their own,
  // bounded only in how long a connection may take, and closed before the app serves.
  const migrator = openPool({ connectionString: url, max: 2, connectionTimeoutMillis: timeouts.connectMs });
  try {
    const migrationDb = drizzle({ client: migrator.pool, schema });
    await migrateUnderLock(migrator.pool, () =>
      migrate(migrationDb, { migrationsFolder: MIGRATIONS_FOLDER }),
    );
  } finally {
    await migrator.close();
  }

  // Every wait of the app's statements is bounded.
  const bounded: pg.PoolConfig = {
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    // A frozen or unreachable server cancels nothing: the client gives up on its own.
    query_timeout: timeouts.statementMs + CLIENT_GRACE_MS,
  };
  const main = openPool(
    { ...bounded, max: poolSize, idle_in_transaction_session_timeout: timeouts.statementMs },
    { beginAhead: true },
  );
  // The session check has one connection of its own (ADR 41): a signed-in request answered
  // from memory does not wait behind the pool's slow reads.
  const sessionChecks = openPool({ ...bounded, max: 1 });
  // Readiness has one connection of its own and a short budget: it never queues behind a
  // saturated pool, and it answers within a second whatever the server does.
  const readiness = openPool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: READINESS_TIMEOUT_MS,
    statement_timeout: READINESS_TIMEOUT_MS,
    query_timeout: READINESS_TIMEOUT_MS,
  });
  return {
    db: drizzle({ client: main.pool, schema }),
    sessionCheckDb: drizzle({ client: sessionChecks.pool, schema }),
    kind: 'postgres',
    queueTarget: { kind: 'postgres', url },
    ping: () => answersWithin(() => readiness.pool.query('select 1'), READINESS_TIMEOUT_MS),
    poolStats: () => ({
      max: poolSize,
      open: main.pool.totalCount,
      idle: main.pool.idleCount,
      waiting: main.pool.waitingCount,
      statements: main.statements() + sessionChecks.statements(),
    }),
    close: async () => {
      await Promise.all([main.close(), sessionChecks.close(), readiness.close()]);
    },
  };
}

function openPool(
  config: pg.PoolConfig,
  { beginAhead = false }: { beginAhead?: boolean } = {},
): {
  pool: pg.Pool;
  close: () => Promise<void>;
  /** Statements sent through the pool's connections so far (BEGIN and COMMIT included). */
  statements: () => number;
} {
  // The connections pipeline (send a statement before the previous one is answered) only where
  // BEGIN goes ahead of a transaction's first statement: elsewhere each statement waits its turn.
  const pool = new pg.Pool({ ...config, pipeline: beginAhead });
  let statements = 0;
  // An idle connection that the server drops (restart, admin command) emits 'error' on the
  // pool; unheard, it would crash the process. The pool replaces the connection on next use.
  pool.on('error', () => undefined);
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    // The same for a connection in use (the pool only listens while it is idle): the server
    // ending it (a time-out, a shutdown) fails its query, and the pool drops it on release.
    client.on('error', () => undefined);
    client.once('end', () => {
      // drizzle's transaction() never releases its connection when `begin` fails; a dead
      // connection is released here instead, or the pool would stay short of it for good.
      if (!checkedOut.has(client)) return;
      client.release(new Error('connection ended'));
      client.release = () => undefined;
    });
    if (config.query_timeout !== undefined) endOnReadTimeout(client);
    countStatements(client, () => (statements += 1));
    if (beginAhead) sendBeginAhead(client);
  });
  return { pool, close: closePool(pool), statements: () => statements };
}

/**
 * After a client-side time-out the connection's state is unknown: the server may still run
 * the statement, or hold a transaction open that the next user of the connection would write
 * into. A transaction returns its connection to the pool without an error, so the pool would
 * keep it: ending it here makes the pool drop it instead.
 */
function endOnReadTimeout(client: pg.PoolClient): void {
  // The wrapper forwards every overload of query() unchanged; it only watches the outcome.
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const watched = (...args: unknown[]): unknown => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') void client.end();
      });
    }
    return result;
  };
  client.query = watched as typeof client.query;
}

const isBegin = (config: unknown): boolean =>
  typeof config === 'object' && config !== null && 'text' in config && config.text === 'begin';

/**
 * A transaction's BEGIN goes out with its first statement instead of a turn before it (ADR 0044).
 * drizzle's transaction() waits for BEGIN's answer before it runs the work, and a busy process
 * reads an answer one turn of its event loop (10-30 ms) after it came: every transaction, an XP
 * award's among them, waited a turn for an answer it never reads. BEGIN is answered here at once
 * and sent on the pipelining connection, so the work's first statement is written right behind
 * it, and both answers come back together. BEGIN fails only with its connection (a server that
 * ends or stops answering), which fails the statements behind it as well; the connection is then
 * ended so that nothing else is written on it.
 */
function sendBeginAhead(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const begun: pg.QueryResult = { command: 'BEGIN', rowCount: null, oid: 0, rows: [], fields: [] };
  const beginning = (...args: unknown[]): unknown => {
    const result = query(...args);
    if (!isBegin(args[0]) || !(result instanceof Promise)) return result;
    result.catch(() => void client.end());
    return Promise.resolve(begun);
  };
  client.query = beginning as typeof client.query;
}

/** Calls `counted` for every statement the connection sends (pool.query() goes through here too). */
function countStatements(client: pg.PoolClient, counted: () => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const counting = (...args: unknown[]): unknown => {
    counted();
    return query(...args);
  };
  client.query = counting as typeof client.query;
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
