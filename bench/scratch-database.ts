// The scratch PostgreSQL database of a benchmark, on the machine's server (BENCH_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/test): its URL, the server's admin connection, and
// dropping it, at the end, on failure and on Ctrl-C.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ScratchDatabase {
  name: string;
  /** The connection string of the scratch database. */
  url: string;
  /** Runs `work` on a connection to the server's admin database. */
  admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

export function scratchDatabase(name: string): ScratchDatabase {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const drop = async () => {
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  };
  process.once('SIGINT', () => {
    void drop().finally(() => process.exit(130));
  });
  return { name, url: url.toString(), admin, drop };
}

/** What a benchmark runs against: the scratch database, opened as the app opens it, a client of it, a data folder. */
export interface ScratchRun {
  client: pg.Client;
  database: DatabaseHandle;
  dataDir: string;
}

/**
 * Runs `work` on the scratch database made anew (with its `settings`), migrated as the app does when it
 * opens it, and drops it and the data folder (named from `dataDirPrefix`) after, whatever happens.
 */
export async function withScratchDatabase<T>(
  scratch: ScratchDatabase,
  options: { dataDirPrefix: string; settings?: Record<string, string> },
  work: (run: ScratchRun) => Promise<T>,
): Promise<T> {
  await scratch.drop(); // a run stopped before it could clean up
  await scratch.admin(async (client) => {
    await client.query(`create database ${scratch.name}`);
    for (const [setting, value] of Object.entries(options.settings ?? {})) {
      await client.query(`alter database ${scratch.name} set ${setting} = ${value}`);
    }
  });
  const dataDir = await mkdtemp(path.join(tmpdir(), options.dataDirPrefix));
  const client = new pg.Client({ connectionString: scratch.url });
  let database: DatabaseHandle | undefined;
  try {
    // DATABASE_POOL_SIZE as the server reads it; unset, the pool is sized by the cores (ADR 0032).
    const poolSize = process.env.DATABASE_POOL_SIZE ? Number(process.env.DATABASE_POOL_SIZE) : undefined;
    database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize });
    await client.connect();
    return await work({ client, database, dataDir });
  } finally {
    await client.end().catch(() => undefined);
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}
