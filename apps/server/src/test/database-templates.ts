/**
 * The integration project's global setup: one migrated database of each kind, made once per run,
 * that every test database starts as a copy of (test-app.ts). A fresh embedded database spends
 * most of its start in initdb and the migrations; a copy of a data directory that already has
 * both opens in a fraction of that, and `CREATE DATABASE ... TEMPLATE` skips the migrations.
 * The copies still go through openDatabase, whose migrations then find nothing left to apply.
 * Each template has also been started once as the app, so that it holds the shipped catalogue
 * and the editorial library with their recorded hashes: an app on a copy finds them unchanged,
 * rather than every test app importing and seeding them again (what a second start of a
 * deployment does).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../app.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { testConfig } from './test-config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR whose embedded database is migrated, to be copied, never opened in place. */
    pgliteTemplateDir: string;
    /**
     * The same database as a dump (an uncompressed tar of its data directory), which each
     * embedded test database is loaded from, in memory: faster than copying the directory.
     */
    pgliteTemplateDump: string;
    /** A migrated PostgreSQL database on TEST_DATABASE_URL's server, or '' without one. */
    postgresTemplateDatabase: string;
  }
}

/** Runs one statement on the server of `adminUrl` (creating or dropping a database). */
export async function onAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Starts the app once on a template: the catalogue import and the editorial seed are recorded there. */
async function startOnce(database: DatabaseHandle): Promise<void> {
  const app = await buildApp({ config: testConfig(), database, preloadModel: false });
  try {
    await app.ready();
  } finally {
    await app.close();
  }
}

export default async function setup(project: TestProject) {
  const pgliteTemplateDir = await mkdtemp(path.join(tmpdir(), 'summa-test-template-'));
  const pgliteTemplateDump = `${pgliteTemplateDir}.tar`;
  const embedded = await openDatabase({ kind: 'pglite', dataDir: pgliteTemplateDir });
  try {
    await startOnce(embedded);
    if (embedded.queueTarget.kind === 'pglite') {
      const dump = await embedded.queueTarget.client.dumpDataDir('none');
      await writeFile(pgliteTemplateDump, Buffer.from(await dump.arrayBuffer()));
    }
  } finally {
    await embedded.close();
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  let postgresTemplateDatabase = '';
  if (adminUrl) {
    postgresTemplateDatabase = `summa_template_${randomUUID().replaceAll('-', '')}`;
    await onAdmin(adminUrl, `create database ${postgresTemplateDatabase}`);
    const url = new URL(adminUrl);
    url.pathname = `/${postgresTemplateDatabase}`;
    const server = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    try {
      await startOnce(server);
    } finally {
      await server.close();
    }
  }
  project.provide('pgliteTemplateDir', pgliteTemplateDir);
  project.provide('pgliteTemplateDump', pgliteTemplateDump);
  project.provide('postgresTemplateDatabase', postgresTemplateDatabase);

  return async () => {
    await rm(pgliteTemplateDir, { recursive: true, force: true });
    await rm(pgliteTemplateDump, { force: true });
    if (adminUrl && postgresTemplateDatabase) {
      await onAdmin(adminUrl, `drop database if exists ${postgresTemplateDatabase} with (force)`);
    }
  };
}
