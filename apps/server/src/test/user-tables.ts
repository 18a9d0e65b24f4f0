import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';

/** A column that names a user: a foreign key to users, or a column named user_id. */
export interface UserColumn {
  table: string;
  column: string;
}

/**
 * Every column of the database that refers to a user, read from the catalogue (not from our
 * schema files), so that a table added later is seen by the tests that must cover it.
 */
export async function userColumns(db: Database): Promise<UserColumn[]> {
  const rows = await db.execute<{ table_name: string; column_name: string }>(sql`
    select kcu.table_name, kcu.column_name
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu
      on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
    where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public' and ccu.table_name = 'users'
    union
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and column_name = 'user_id'
    union
    select 'users', 'id'
    order by 1, 2`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: typeof rows }).rows;
  return (list as { table_name: string; column_name: string }[]).map((row) => ({
    table: row.table_name,
    column: row.column_name,
  }));
}

/** How many rows of `table` have `userId` in `column`. */
export async function rowsReferring(
  db: Database,
  { table, column }: UserColumn,
  userId: string,
): Promise<number> {
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
  );
  const list = Array.isArray(rows) ? rows : (rows as { rows: typeof rows }).rows;
  return (list as { n: number }[])[0]?.n ?? 0;
}
