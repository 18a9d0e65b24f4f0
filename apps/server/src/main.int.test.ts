import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test/test-app.js';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
/** The preload `npm start` and the image run the server with (OpenTelemetry, when asked for). */
const INSTRUMENT = fileURLToPath(new URL('./observability/instrument.ts', import.meta.url));
/** The local model the servers here are told to use: absent, so that none is ever downloaded. */
const ABSENT_MODEL = path.join(tmpdir(), 'summa-main-test-no-model.gguf');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real entry point (through tsx) with the start's preload, and resolves when it exits. */
function startServer(
  env: Record<string, string>,
  onReady?: (port: number) => Promise<void>,
  onOutput?: (chunk: string) => void,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const args = ['--import', 'tsx', '--conditions=summa-source', '--import', INSTRUMENT, MAIN];
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        LLM_MODEL: ABSENT_MODEL,
        // No covers fetched from the internet.
        COVERS_FETCH: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      onOutput?.(chunk.toString());
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

/**
 * Each of these starts the real entry point through tsx, which compiles the whole server as it
 * loads: 5 to 21 s a start on a loaded 2-core machine (with OpenTelemetry's instrumentation, over
 * the integration project's 30 s), so a start is given up to 90 s.
 */
const PROCESS_START_TIMEOUT_MS = 90_000;

describe('main', { timeout: PROCESS_START_TIMEOUT_MS }, () => {
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

  it('logs JSON by default when stdout is not a terminal (containers, CI), warning about PUBLIC_URL', async () => {
    // NODE_ENV unset: production, as a plain `npm start`.
    const run = await startServer(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: '' },
      async () => undefined,
    );
    const lines = run.stdout.split('\n').filter((line) => line.startsWith('{'));
    const ready = lines.find((line) => line.includes('Summa is ready'));
    expect(ready).toBeDefined();
    const entry = JSON.parse(ready ?? '') as { model: string };
    expect(entry).toMatchObject({ database: 'pglite', databaseAt: `embedded under ${dataDir}` });
    expect(entry.model).toMatch(/^local /);
    const warning = lines.find((line) => line.includes('PUBLIC_URL is unset'));
    expect(JSON.parse(warning ?? '{}')).toMatchObject({ level: 40 });
  });

  it('with LOG_FORMAT=pretty, starts with short readable lines: address, database, model state', async () => {
    let output = '';
    const run = await startServer(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_FORMAT: 'pretty',
        LLM_PROVIDER: 'local',
        NODE_ENV: '',
      },
      async () => {
        // The model loads in the background after the ready line: wait for its verdict.
        for (let i = 0; i < 600 && !output.includes('Summaries are unavailable'); i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
      (chunk) => (output += chunk),
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(/^\{/m);
    expect(run.stdout).toMatch(/^\d\d:\d\d:\d\d INFO {2}Summa is ready on port \d+$/m);
    expect(run.stdout).toMatch(/^ +open: http:\/\/localhost:\d+$/m);
    expect(run.stdout).toContain(`databaseAt: embedded under ${dataDir}`);
    expect(run.stdout).toMatch(
      /^ +model: local .*summa-main-test-no-model\.gguf: (loading in the background|unavailable)/m,
    );
    // A person starting it by hand gets a note about PUBLIC_URL, not a warning.
    expect(run.stdout).not.toMatch(/WARN .*PUBLIC_URL/);
    expect(run.stdout).toMatch(/INFO {2}Links in e-mails point to http:\/\/localhost:\d+; set PUBLIC_URL/);
    // The model's failure: once, with its cause and what to do.
    expect(run.stdout.match(/ERROR Summaries are unavailable/g)).toHaveLength(1);
    expect(run.stdout).toMatch(/^ +cause: .*no GGUF file at .*summa-main-test-no-model\.gguf/m);
    expect(run.stdout).toMatch(/^ +whatToDo: LLM_MODEL names a file that does not exist/m);
    expect(run.stdout).toContain('shutdown complete');
  });
});

describe('tracing', { timeout: PROCESS_START_TIMEOUT_MS }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'summa-tracing-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("is switched on by OpenTelemetry's variables: a request's spans by route go to the exporter", async () => {
    let output = '';
    const run = await startServer(
      // The console exporter: spans on stdout, nothing sent anywhere.
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        OTEL_TRACES_EXPORTER: 'console',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      async (port) => {
        expect((await fetch(`http://127.0.0.1:${port}/api/status`)).status).toBe(200);
        for (let i = 0; i < 200 && !output.includes("'http.route': '/api/status'"); i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
      (chunk) => (output += chunk),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("name: '@opentelemetry/instrumentation-http'");
    expect(run.stdout).toContain("'http.route': '/api/status'");
    // Probes are not traced.
    expect(run.stdout).not.toContain("'http.route': '/healthz'");
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
