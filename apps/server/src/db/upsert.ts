import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * An import's upsert of `keys` (columns of `table`) from the proposed row: `set` takes each one
 * from `excluded`, and `changed` holds when any of them differs from the stored row, so that a
 * `setWhere` built on it leaves an unchanged row alone (and `xmax = 0` tells an insert from an update).
 */
export function upsertFromExcluded<T extends PgTable, K extends keyof T['_']['columns'] & string>(
  table: T,
  keys: readonly K[],
): { set: Record<K, SQL>; changed: SQL } {
  const columns = getTableColumns(table);
  const picked = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is no column of the table`);
    return { key, column, excluded: sql`excluded.${sql.identifier(column.name)}` };
  });
  const set = Object.fromEntries(picked.map(({ key, excluded }) => [key, excluded])) as Record<K, SQL>;
  const stored = sql.join(
    picked.map(({ column }) => column),
    sql`, `,
  );
  const proposed = sql.join(
    picked.map(({ excluded }) => excluded),
    sql`, `,
  );
  return { set, changed: sql`(${stored}) is distinct from (${proposed})` };
}
