import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { onAdmin } from '../test/database-templates.js';
import { testConfig } from '../test/test-app.js';
import { signUpTestUser, uniqueIp, type TestUser } from '../test/test-users.js';
import { openDatabase, type DatabaseTarget } from './database.js';

const run = promisify(execFile);
const BACKUP = fileURLToPath(new URL('../../../../tools/backup.sh', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL;

/** tools/backup.sh as an operator runs it, with only the variables it reads. */
async function backupTool(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  await run('bash', [BACKUP, command, file], { env: { PATH: process.env.PATH ?? '', ...env } });
}

/** Signs up a reader on an app over `target`, then closes both. */
async function writeData(target: DatabaseTarget): Promise<TestUser> {
  const database = await openDatabase(target);
  const app = await buildApp({ config: testConfig(), database });
  try {
    await app.ready();
    return await signUpTestUser(app);
  } finally {
    await app.close();
    await database.close();
  }
}

/** The restored database opens (and migrates) as a server starts, and the reader can sign in. */
async function expectRestored(target: DatabaseTarget, user: TestUser): Promise<void> {
  const database = await openDatabase(target);
  const app = await buildApp({ config: testConfig(), database });
  try {
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: uniqueIp(),
    });
    expect(login.statusCode, login.body).toBe(200);
  } finally {
    await app.close();
    await database.close();
  }
}

describe('tools/backup.sh', () => {
  const folders: string[] = [];
  const databases: string[] = [];
  const folder = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'summa-backup-'));
    folders.push(dir);
    return dir;
  };
  afterAll(async () => {
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
    for (const name of databases)
      await onAdmin(adminUrl ?? '', `drop database if exists ${name} with (force)`);
  });

  it('backs up a stopped embedded database and restores it into a new data folder', async () => {
    const [source, target, backups] = await Promise.all([folder(), folder(), folder()]);
    await cp(inject('pgliteTemplateDir'), source, { recursive: true });
    const user = await writeData({ kind: 'pglite', dataDir: source });
    const file = path.join(backups, 'summa.tar.gz');
    await backupTool('backup', file, { DATA_DIR: source });
    await backupTool('restore', file, { DATA_DIR: target });
    await expectRestored({ kind: 'pglite', dataDir: target }, user);
    // A restore never overwrites a database.
    await expect(backupTool('restore', file, { DATA_DIR: target })).rejects.toThrow(/exists/);
  });

  it.skipIf(!adminUrl)(
    'dumps PostgreSQL with pg_dump and restores it into a new, empty database',
    async () => {
      const urlOf = (name: string) => {
        const url = new URL(adminUrl ?? '');
        url.pathname = `/${name}`;
        return url.toString();
      };
      const [from, to] = [
        `summa_backup_${randomUUID().slice(0, 8)}`,
        `summa_restore_${randomUUID().slice(0, 8)}`,
      ];
      databases.push(from, to);
      await onAdmin(adminUrl ?? '', `create database ${from} template ${inject('postgresTemplateDatabase')}`);
      await onAdmin(adminUrl ?? '', `create database ${to}`);

      const user = await writeData({ kind: 'postgres', url: urlOf(from), poolSize: 2 });
      const file = path.join(await folder(), 'summa.dump');
      await backupTool('backup', file, { DATABASE_URL: urlOf(from) });
      await backupTool('restore', file, { DATABASE_URL: urlOf(to) });
      await expectRestored({ kind: 'postgres', url: urlOf(to), poolSize: 2 }, user);
      await expect(backupTool('restore', file, { DATABASE_URL: urlOf(to) })).rejects.toThrow(
        /empty database/,
      );
    },
  );
});
