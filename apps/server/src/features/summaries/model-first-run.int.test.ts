import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminStatusResponseSchema,
  statusResponseSchema,
  type ErrorResponse,
  type GenerationEvent,
} from '@summa/shared';
import { eventStream, parseEvents } from '../../test/sse-client.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, signUpTestAdmin, signUpTestUser } from '../../test/test-users.js';

// The tiny real model (stories260K) stands in for the default ~1 GB one: served by a local HTTP
// server, it is "downloaded" as the default model would be, with nothing fetched from the internet.
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const TINY_MODEL = path.resolve(REPO_ROOT, '../shared/models/stories260K.gguf');
const BOOK = { bookTitle: 'The Power of Habit', bookAuthor: 'Charles Duhigg', language: 'en' } as const;

/**
 * Serves `file` with range support; the first `heldAfter` bytes go out at once, the rest once
 * `release()` is called, so a test sees the download half-way.
 */
async function startModelServer(file: Buffer, heldAfter: number) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server: Server = createServer((req, res) => {
    const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range?.[2] ? Number(range[2]) : file.length - 1;
    res.writeHead(range ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'accept-ranges': 'bytes',
      'content-length': end - start + 1,
      ...(range ? { 'content-range': `bytes ${start}-${end}/${file.length}` } : {}),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const cut = Math.max(start, Math.min(heldAfter, end + 1));
    res.write(file.subarray(start, cut));
    void released.then(() => res.end(file.subarray(cut, end + 1)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/models/stories260K.gguf`,
    release,
    close: async () => {
      release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function publicStatus(context: TestContext) {
  const response = await context.app.inject({ method: 'GET', url: '/api/status' });
  return statusResponseSchema.strict().parse(response.json()).llm;
}

describe.skipIf(!existsSync(TINY_MODEL))('the local model on first run', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'summa-first-run-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('downloads at start with progress at /api/status; a generation waits, seeing it, then runs', async () => {
    const file = await readFile(TINY_MODEL);
    const modelServer = await startModelServer(file, Math.floor(file.length / 2));
    const context = await createTestApp('pglite', {
      env: {
        LLM_PROVIDER: 'local',
        LLM_MODEL: modelServer.url,
        LLM_MODELS_DIR: path.join(dir, 'models'),
        LLM_TIMEOUT_MS: '20000',
      },
    });
    try {
      // Nothing loads before the server listens (tests that only inject never start a download).
      expect((await publicStatus(context)).state).toBe('idle');
      const address = await context.app.listen({ host: '127.0.0.1', port: 0 });
      let status = await publicStatus(context);
      while (!(status.state === 'downloading' && (status.downloadedBytes ?? 0) > 0)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = await publicStatus(context);
      }
      expect(status.totalBytes).toBe(file.length);
      expect(status.downloadedBytes).toBeLessThan(file.length);
      expect(status.downloadProgress).toBeGreaterThan(0);
      expect(status.downloadProgress).toBeLessThan(1);

      const user = await signUpTestUser(context.app);
      const response = await fetch(`${address}/api/summaries`, {
        method: 'POST',
        headers: { ...bearer(user.session), accept: 'text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify(BOOK),
      });
      const stream = eventStream(response);
      const waiting = await stream.waitFor((event) => event.type === 'model');
      expect(waiting).toMatchObject({ type: 'model', state: 'downloading', totalBytes: file.length });
      modelServer.release();
      const events = await stream.toEnd();
      expect(events.at(-1)?.type).toBe('done');
      // The model events come before the model writes anything, and the resolve step goes on after them.
      const lastModel = events.findLastIndex((event) => event.type === 'model');
      expect(events[lastModel + 1]).toEqual({ type: 'progress', step: 'resolve', percent: 25 });
      expect(lastModel).toBeLessThan(events.findIndex((event) => event.type === 'section'));
      // Each whole percent of the download is told once, however often the download reports.
      const told = events.flatMap((event) =>
        event.type === 'model' ? [`${event.state} ${Math.floor((event.progress ?? 0) * 100)}`] : [],
      );
      expect(new Set(told).size).toBe(told.length);
      expect((await publicStatus(context)).state).toBe('ready');
    } finally {
      await context.close();
      await modelServer.close();
    }
    // A generation on the tiny model takes seconds, many more on a busy machine.
  }, 240_000);

  it('tells readers summaries are unavailable, admins the cause, and the log once', async () => {
    const adminEmail = `model-admin-${Date.now()}@example.com`;
    const missing = path.join(dir, 'absent.gguf');
    const lines: string[] = [];
    const context = await createTestApp('pglite', {
      env: { LLM_PROVIDER: 'local', LLM_MODEL: missing, LOG_LEVEL: 'error', ADMIN_EMAILS: adminEmail },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      await context.app.listen({ host: '127.0.0.1', port: 0 });
      const reader = await signUpTestUser(context.app);
      const generate = (accept?: string) =>
        context.app.inject({
          method: 'POST',
          url: '/api/summaries',
          headers: { ...bearer(reader.session), 'accept-language': 'en', ...(accept ? { accept } : {}) },
          payload: BOOK,
        });

      const plain = await generate();
      expect(plain.statusCode).toBe(503);
      const { error } = plain.json<ErrorResponse>();
      expect(error.code).toBe('SUMMARIES_UNAVAILABLE');
      expect(error.message).toMatch(/^Summaries are unavailable on this server/);
      expect(error.message).not.toMatch(/try again/i);
      const streamed = parseEvents((await generate('text/event-stream')).body).at(-1);
      expect(streamed).toMatchObject({ type: 'error', code: 'SUMMARIES_UNAVAILABLE' } satisfies Partial<
        Extract<GenerationEvent, { type: 'error' }>
      >);

      // Anyone sees the state, not the cause (it names paths on the server).
      expect(await publicStatus(context)).toEqual({ provider: 'local', model: missing, state: 'error' });
      const statusOf = (session?: Parameters<typeof bearer>[0]) =>
        context.app.inject({
          method: 'GET',
          url: '/api/admin/status',
          headers: session ? bearer(session) : {},
        });
      expect((await statusOf()).statusCode).toBe(401);
      expect((await statusOf(reader.session)).statusCode).toBe(403);
      const admin = await signUpTestAdmin(context.app, { email: adminEmail });
      const adminView = adminStatusResponseSchema.strict().parse((await statusOf(admin.session)).json()).llm;
      expect(adminView).toMatchObject({ state: 'error', errorKind: 'missing-file' });
      expect(adminView.error).toContain(missing);

      // Three failed requests, one log entry that says what to do.
      const reports = lines
        .map((line) => JSON.parse(line) as { msg: string; cause?: string; whatToDo?: string })
        .filter((entry) => entry.msg.startsWith('Summaries are unavailable'));
      expect(reports).toHaveLength(1);
      expect(reports[0]?.cause).toContain(missing);
      expect(reports[0]?.whatToDo).toContain('LLM_MODEL');
    } finally {
      await context.close();
    }
  });
});
