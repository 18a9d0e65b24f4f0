import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { startFakeLlmServer } from '../../apps/server/src/test/fake-llm-server.js';
import { bookResponder } from '../../apps/server/src/test/summary-responder.js';
import { ADMIN_EMAIL } from './accounts.js';
import { startOidcServer } from './oidc-server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Folder where every e-mail the server sends lands, one .eml file each. */
    mailDir: string;
  }
}

function freePort(): Promise<number> {
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

async function waitUntilHealthy(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy within 30 s');
}

/**
 * A local SMTP server (the production mail option, faked at the network boundary) that writes
 * each message it receives to `mailDir`, so that specs can follow e-mailed links.
 */
async function startMailServer(mailDir: string): Promise<{ port: number; close: () => Promise<void> }> {
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        const file = path.join(mailDir, `${Date.now()}-${received}.eml`);
        writeFile(file, Buffer.concat(chunks)).then(
          () => callback(),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, '127.0.0.1', () => resolve());
  });
  return { port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** Starts the built server (as `npm start` would) on a free port with a fresh data dir. */
export default async function setup(project: TestProject) {
  if (!existsSync(SERVER_ENTRY)) throw new Error('Build first: npm run build');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'summa-e2e-'));
  const mailDir = await mkdtemp(path.join(tmpdir(), 'summa-e2e-mail-'));
  const mail = await startMailServer(mailDir);
  // The model, faked at the network boundary: answers follow the book in the prompt (see
  // summary-responder.ts: 'xyzzy' is unknown, 'fail-' fails, 'slow-' streams slowly).
  const google = await startOidcServer(project);
  const llm = await startFakeLlmServer({ responder: bookResponder({ chunkSize: 48, delayMs: 15 }) });
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Mailed links and the Google redirect URI never come from request headers: without
      // PUBLIC_URL they would lead to http://localhost:PORT, another origin than the browser's.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      ADMIN_EMAILS: ADMIN_EMAIL,
      // The browser contexts stand for different visitors: each sends its own X-Forwarded-For
      // (see support/browser.ts), so per-address rate limits apply per visitor as in production.
      TRUST_PROXY: '127.0.0.1',
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_TIMEOUT_MS: '5000',
      // Rankings read fresh: a journey checks a change it has just made, on boards other specs
      // may have read a moment before (the per-instance refresh is covered by integration tests).
      RANKING_REFRESH_MS: '0',
      // The specs generate faster than any reader would: no fair-use limits on the model here.
      GENERATION_LIMIT_PER_USER_PER_HOUR: '0',
      GENERATION_LIMIT_GLOBAL_PER_MINUTE: '0',
      // Google sign-in against the local stand-in for Google (support/oidc-server.ts).
      ...google.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitUntilHealthy(`http://127.0.0.1:${port}/healthz`, server);
  } catch (error) {
    server.kill('SIGKILL');
    await mail.close();
    await llm.close();
    await google.close();
    throw error;
  }
  project.provide('baseURL', `http://127.0.0.1:${port}`);
  project.provide('mailDir', mailDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await mail.close();
    await llm.close();
    await google.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(mailDir, { recursive: true, force: true });
  };
}
