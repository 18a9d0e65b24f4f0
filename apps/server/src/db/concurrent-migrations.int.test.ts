import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onAdmin } from '../test/database-templates.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { MIGRATIONS_FOLDER } from './migrations-folder.js';

const adminUrl = process.env.TEST_DATABASE_URL;
/** As many as a rolling upgrade of two web instances and a worker, and one more. */
const INSTANCES = 4;

/**
 * Zero-downtime upgrades start several instances of a new version at once, each migrating the
 * database as it starts (postgres-database.ts, under an advisory lock). On a fresh database,
 * every migration must be applied exactly once and every instance must start.
 */
describe.skipIf(!adminUrl)('migrations started by several instances at once on PostgreSQL', () => {
  const name = `summa_migrate_${randomUUID().replaceAll('-', '')}`;
  let url: string;
  const opened: DatabaseHandle[] = [];

  beforeAll(async () => {
    await onAdmin(adminUrl ?? '', `create database ${name}`);
    const target = new URL(adminUrl ?? '');
    target.pathname = `/${name}`;
    url = target.toString();
  });
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await onAdmin(adminUrl ?? '', `drop database if exists ${name} with (force)`);
  });

  it('apply each migration once, and every instance starts on the migrated schema', async () => {
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: { tag: string }[];
    };
    const results = await Promise.allSettled(
      Array.from({ length: INSTANCES }, () => openDatabase({ kind: 'postgres', url, poolSize: 2 })),
    );
    for (const result of results) if (result.status === 'fulfilled') opened.push(result.value);
    expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(
      Array.from({ length: INSTANCES }, () => 'ok'),
    );

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const applied = await client.query<{ hash: string; count: string }>(
        'select hash, count(*) as count from drizzle.__drizzle_migrations group by hash',
      );
      expect(applied.rows).toHaveLength(journal.entries.length);
      expect(applied.rows.every((row) => row.count === '1')).toBe(true);
      // The schema is whole: the last migration's tables answer on every instance.
      for (const database of opened) expect(await database.ping()).toBe(true);
      const tables = await client.query<{ count: string }>(
        "select count(*) as count from information_schema.tables where table_schema = 'public'",
      );
      expect(Number(tables.rows[0]?.count)).toBeGreaterThan(20);
    } finally {
      await client.end();
    }
  });
});
