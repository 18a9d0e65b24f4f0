// The scratch PostgreSQL database of a benchmark, on the machine's server (BENCH_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/test): its URL, the server's admin connection, and
// dropping it, at the end, on failure and on Ctrl-C.
import pg from 'pg';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ScratchDatabase {
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
  return { url: url.toString(), admin, drop };
}
