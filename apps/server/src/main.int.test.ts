import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test/test-app.js';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real entry point (through tsx) and resolves when it exits. */
function startServer(env: Record<string, string>, onReady?: (port: number) => Promise<void>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=summa-source', MAIN], {
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const ready = /Summa is ready on port (\d+)/.exec(stdout);
      if (ready && onReady) {
        const callback = onReady;
        onReady = undefined;
        callback(Number(ready[1])).then(
          () => child.kill('SIGTERM'),
          (error: unknown) => {
            child.kill('SIGKILL');
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('main', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'summa-main-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exits non-zero naming PORT when it is not a number', async () => {
    const run = await startServer({ PORT: 'abc', DATA_DIR: dataDir });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('PORT');
  });

  it('exits non-zero naming DATABASE_URL when it is malformed', async () => {
    const run = await startServer({ DATABASE_URL: 'not-a-url', DATA_DIR: dataDir });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('DATABASE_URL');
  });

  it('serves, then on SIGTERM closes the database and exits 0', async () => {
    const run = await startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir }, async (port) => {
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('shutdown complete');
  });

  it('logs JSON by default when stdout is not a terminal (containers, CI)', async () => {
    const run = await startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir }, async () => undefined);
    const ready = run.stdout.split('\n').find((line) => line.includes('Summa is ready'));
    expect(ready).toBeDefined();
    expect(JSON.parse(ready ?? '')).toMatchObject({
      database: 'pglite',
      databaseAt: `embedded under ${dataDir}`,
    });
  });

  it('with LOG_FORMAT=pretty, starts with short readable lines: address, database and model', async () => {
    const run = await startServer(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_FORMAT: 'pretty', LLM_PROVIDER: 'local' },
      async () => undefined,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/^\{/m);
    expect(run.stdout).toMatch(/^\d\d:\d\d:\d\d INFO {2}Summa is ready on port \d+$/m);
    expect(run.stdout).toMatch(/^ +open: http:\/\/localhost:\d+$/m);
    expect(run.stdout).toContain(`databaseAt: embedded under ${dataDir}`);
    expect(run.stdout).toMatch(/^ +model: local .*models/m);
    expect(run.stdout).toContain('shutdown complete');
  });
});

describe('closing the app', () => {
  it('lets an in-flight request finish before it resolves', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered: () => void = () => undefined;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    const context = await createTestApp('pglite', {
      extend: (app) => {
        app.get('/api/test/slow', async () => {
          entered();
          await gate;
          return { finished: true };
        });
      },
    });
    const address = await context.app.listen({ host: '127.0.0.1', port: 0 });
    const response = fetch(`${address}/api/test/slow`);
    await handlerEntered;
    let closed = false;
    const closing = context.app.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    release();
    const answered = await response;
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ finished: true });
    await closing;
    await context.database.close();
  });
});
