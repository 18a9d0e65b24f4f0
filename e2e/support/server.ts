import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * How long a server may take to start: migrating its embedded database and importing the
 * catalogue took over 30 s in CI while the other spec's Chromium and server shared the two cores.
 */
const START_TIMEOUT_MS = 90_000;

async function waitUntilHealthy(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy within ${START_TIMEOUT_MS / 1000} s`);
}

export interface RunningServer {
  /** http://127.0.0.1:PORT, which is also its PUBLIC_URL. */
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts the built server (as `npm start` would) on a free port with a fresh data dir and the
 * embedded database; `env` adds to or overrides the defaults below.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error('Build first: npm run build');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'summa-e2e-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Mailed links and the Google redirect URI never come from request headers: without
      // PUBLIC_URL they would lead to http://localhost:PORT, another origin than the browser's.
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The browser contexts stand for different visitors: each sends its own X-Forwarded-For
      // (see support/browser.ts), so per-address rate limits apply per visitor as in production.
      TRUST_PROXY: '127.0.0.1',
      // This machine has no internet: no covers are fetched, and books show the drawn placeholder.
      COVERS_FETCH: 'off',
      // argon2id at its least cost (allowed with NODE_ENV=test only, which changes nothing else
      // here: PUBLIC_URL is set): every spec signs readers up and in, and production's cost is
      // checked by the server's integration tests (auth.int.test.ts).
      NODE_ENV: 'test',
      PASSWORD_HASH_MEMORY_KIB: '8',
      PASSWORD_HASH_PASSES: '1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(`${origin}/healthz`, server);
  } catch (error) {
    server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { origin, stop };
}
