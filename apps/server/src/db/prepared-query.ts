import type { Database } from './database.js';

/**
 * A statement built once per database and reused: drizzle then skips building its SQL on each
 * call, and node-postgres prepares it once per connection under its name. For the reads on
 * every request's path (a reader's standing in a ranking, a session check), where building
 * the query cost more than the database's answer (bench:ranking).
 */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const byDatabase = new WeakMap<Database, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
