import type { Database } from './database.js';

/**
 * A hot read built once per database and sent as a named prepared statement (ADR 0039): drizzle
 * builds its SQL text once instead of on every request, and PostgreSQL parses and plans it once
 * per connection. `build` makes the query with `sql.placeholder`s for what varies and ends with
 * `.prepare(name)`; the name must be unique in the app. A transaction is a database of its own
 * here, so a statement used inside one is prepared for it (still correct, only not reused).
 */
export function preparedPerDatabase<Prepared>(build: (db: Database) => Prepared): (db: Database) => Prepared {
  const byDatabase = new WeakMap<Database, Prepared>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
