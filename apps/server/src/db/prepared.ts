import type { Database } from './database.js';

/**
 * What a statement built on `db` runs on: the pool (or the embedded database) for the app's
 * database, the connection a transaction holds for a transaction. drizzle keeps it on the
 * database's session, which its types mark internal; a build without it falls back to `db`.
 */
function connectionOf(db: Database): object {
  const { session } = db as unknown as { session?: { client?: unknown } };
  const client = session?.client;
  return typeof client === 'object' && client !== null ? client : db;
}

/**
 * A hot read built once per database and sent as a named prepared statement (ADR 0039): drizzle
 * builds its SQL text once instead of on every request, and PostgreSQL parses and plans it once
 * per connection. `build` makes the query with `sql.placeholder`s for what varies and ends with
 * `.prepare(name)`; the name must be unique in the app.
 * Inside a transaction it is built once per pooled connection (ADR 0045): a prepared query runs
 * on the connection it was built on, so the transactions that connection carries later reuse it,
 * and the build it cost. On the embedded database every transaction has a connection of its own,
 * so there it is built per transaction (still correct, only not reused).
 */
export function preparedPerDatabase<Prepared>(build: (db: Database) => Prepared): (db: Database) => Prepared {
  const byConnection = new WeakMap<object, Prepared>();
  return (db) => {
    const connection = connectionOf(db);
    let prepared = byConnection.get(connection);
    if (prepared === undefined) {
      prepared = build(db);
      byConnection.set(connection, prepared);
    }
    return prepared;
  };
}
