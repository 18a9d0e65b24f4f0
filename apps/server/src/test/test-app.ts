import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type AppOptions } from '../app.js';
import {
  openDatabase,
  type DatabaseHandle,
  type DatabaseKind,
  type DatabaseTimeouts,
} from '../db/database.js';
import { testConfig } from './test-config.js';

export { testConfig };

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const TEST_DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase extends DatabaseHandle {
  /** A connection string for a second app instance on the same database (postgres only). */
  readonly url: string | undefined;
}

/** The run's migrated embedded database, read once per test file. */
let templateDump: Promise<Blob> | undefined;

/**
 * A fresh, migrated database: an embedded one in memory, loaded from the run's migrated template, or
 * a new throw-away PostgreSQL database made from the run's migrated template (database-templates.ts).
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    templateDump ??= readFile(inject('pgliteTemplateDump')).then((bytes) => new Blob([bytes]));
    const handle = await openDatabase({ kind: 'pglite', copyOf: await templateDump });
    return { ...handle, url: undefined };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `summa_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplateDatabase')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestContext {
  app: App;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  webDistDir?: string;
  /** Shorter generation leases and polls, for single-flight tests. */
  generation?: AppOptions['generation'];
  /** Adds routes before the app is sealed, to exercise shared plugins. */
  extend?: (app: App) => void;
  /** A storage of the test's (a moved clock); the test closes it. */
  storage?: AppOptions['storage'];
  /** Shorter narration parts, for audio tests that need many. */
  narration?: AppOptions['narration'];
  /** Where the log goes (JSON lines); set LOG_LEVEL in `env` too, the tests' default is silent. */
  logStream?: AppOptions['logStream'];
  /** Records what readers did (audio_generated). */
  readerActivity?: AppOptions['readerActivity'];
  /** The cover sweep's pace (with COVERS_FETCH=on and a local COVERS_SOURCE_URL in `env`). */
  coverSweep?: AppOptions['coverSweep'];
  /** The clock of awards, goals, reviews, listening and reminders (run a tick with `app.runReminderTick()`). */
  clock?: AppOptions['clock'];
}

export async function createTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestContext> {
  const database = await createTestDatabase(kind);
  const config = { ...testConfig(options.env), webDistDir: options.webDistDir };
  const app = await buildApp({
    config,
    database,
    generation: options.generation,
    storage: options.storage,
    narration: options.narration,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    readerActivity: options.readerActivity,
    coverSweep: options.coverSweep,
    clock: options.clock,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The app on a PostgreSQL of the test's own (a scratch cluster), for the fault tests. What it
 * opens goes onto `closers`, to be closed in reverse order however far the setup got.
 */
export async function startAppOnPostgres(
  url: string,
  options: { poolSize: number; timeouts?: DatabaseTimeouts },
  closers: (() => Promise<void>)[],
): Promise<{ database: DatabaseHandle; app: App }> {
  const database = await openDatabase({ kind: 'postgres', url, ...options });
  closers.push(() => database.close());
  const app = await buildApp({
    config: testConfig({ JWT_SECRET: 'x'.repeat(40), CATALOG_REFRESH_SECONDS: '0' }),
    database,
  });
  closers.push(() => app.close());
  await app.ready();
  return { database, app };
}

/**
 * A second instance of the app on `first`'s database, as another server would be: on PostgreSQL
 * with a pool of its own; PGlite cannot open one database twice, so there it shares the handle (and
 * still nothing else: each instance has its own flights). `close` closes what it opened.
 */
export async function startSecondInstance(
  first: TestContext,
  options: Pick<TestAppOptions, 'env' | 'generation' | 'narration' | 'coverSweep' | 'clock'>,
): Promise<{ app: App; close(): Promise<void> }> {
  const ownDatabase = first.database.url
    ? await openDatabase({ kind: 'postgres', url: first.database.url, poolSize: 5 })
    : undefined;
  const app = await buildApp({
    config: testConfig({
      ...options.env,
      ...(first.database.url ? { DATABASE_URL: first.database.url } : {}),
    }),
    database: ownDatabase ?? first.database,
    generation: options.generation,
    narration: options.narration,
    coverSweep: options.coverSweep,
    clock: options.clock,
    joinsRunningDatabase: ownDatabase === undefined,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await ownDatabase?.close();
    },
  };
}

/** A built web app in a new temporary folder: its index.html, and `assets` (name: content) under assets/. */
export async function createWebDist(assets: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'summa-web-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const [name, content] of Object.entries(assets))
    await writeFile(path.join(dir, 'assets', name), content);
  return dir;
}
