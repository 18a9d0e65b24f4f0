import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  normKey,
  type GenerateSummaryResponse,
  type HistoryResponse,
  type Session,
  type Usage,
} from '@summa/shared';
import { buildApp } from '../../../app.js';
import { openDatabase, type DatabaseKind } from '../../../db/database.js';
import { usageCounters, usageReservations, workLeases } from '../../../db/schema/index.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../../test/fake-llm-server.js';
import { eventStream } from '../../../test/sse-client.js';
import { bookResponder, sampleNonFiction } from '../../../test/summary-responder.js';
import { createTestApp, createTestDatabase, TEST_DATABASES, testConfig } from '../../../test/test-app.js';
import { bearer, signUpOver, signUpTestUser } from '../../../test/test-users.js';
import { startServer } from '../../../test/server-process.js';

const MONTH = () => new Date().toISOString().slice(0, 7);
const ATOMIC_HABITS = { bookTitle: 'Atomic Habits', bookAuthor: 'James Clear', language: 'en' } as const;
const DEEP_WORK = { bookTitle: 'Deep Work', bookAuthor: 'Cal Newport', language: 'en' } as const;
/** About 23 s of streaming: a generation that is surely still running when the test strikes. */
const slowBody = (title: string) =>
  ({ kind: 'json', body: sampleNonFiction(title), chunkSize: 8, delayMs: 150 }) as const;

/** A reader's calls over HTTP to the server at `baseUrl()` (which changes on a restart). */
function client(baseUrl: () => string, session: Session) {
  const headers = () => ({ ...bearer(session), 'content-type': 'application/json', 'accept-language': 'en' });
  return {
    usage: async () =>
      (await (await fetch(`${baseUrl()}/api/me/usage`, { headers: headers() })).json()) as Usage,
    history: async () =>
      (await (await fetch(`${baseUrl()}/api/history`, { headers: headers() })).json()) as HistoryResponse,
    generate: (book: object, stream: boolean) =>
      fetch(`${baseUrl()}/api/summaries`, {
        method: 'POST',
        headers: { ...headers(), ...(stream ? { accept: 'text/event-stream' } : {}) },
        body: JSON.stringify(book),
      }),
  };
}

describe('the embedded database at start', () => {
  let dataDir: string;
  let fake: FakeLlmServer;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'summa-reconcile-'));
    fake = await startFakeLlmServer({ responder: bookResponder() });
  });
  afterAll(async () => {
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('drops the holds and claims a previous process left, so the book generates at once', async () => {
    const config = testConfig({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', DATA_DIR: dataDir });
    const first = await openDatabase({ kind: 'pglite', dataDir });
    const before = await buildApp({ config, database: first });
    const user = await signUpTestUser(before);
    // What a process killed mid-generation leaves: a live hold and a live claim.
    await first.db.insert(usageReservations).values({
      userId: user.session.user.id,
      monthKey: MONTH(),
      kind: 'summary',
      heldUntil: sql`now() + interval '1 hour'`,
    });
    await first.db.insert(workLeases).values({
      scope: 'summary',
      key: normKey(ATOMIC_HABITS.bookTitle, ATOMIC_HABITS.bookAuthor, 'en'),
      ownerId: 'dead-process',
      leaseUntil: sql`now() + interval '1 hour'`,
    });
    await before.close();
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    const after = await buildApp({ config, database: second });
    try {
      const usage = await after.inject({
        method: 'GET',
        url: '/api/me/usage',
        headers: bearer(user.session),
      });
      expect(usage.json<Usage>().summariesUsed).toBe(0);
      const startedAt = performance.now();
      const response = await after.inject({
        method: 'POST',
        url: '/api/summaries',
        headers: bearer(user.session),
        payload: ATOMIC_HABITS,
      });
      expect(response.statusCode).toBe(200);
      expect(performance.now() - startedAt).toBeLessThan(3_000);
      expect(response.json<GenerateSummaryResponse>().usage.summariesUsed).toBe(1);
      expect(fake.requests).toHaveLength(1);
    } finally {
      await after.close();
      await second.close();
    }
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL outage in the middle of a generation', () => {
  it('charges nothing, stores nothing half-made, and frees the book within the lease', async () => {
    const fake = await startFakeLlmServer({ responder: bookResponder() });
    const context = await createTestApp('postgres', {
      env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_TIMEOUT_MS: '10000' },
      generation: { leaseMs: 1_500, pollMs: 50 },
    });
    const databaseName = new URL(context.database.url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const setOutage = async (down: boolean) => {
      await admin.query(`alter database ${databaseName} allow_connections ${down ? 'false' : 'true'}`);
      if (down) {
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
          databaseName,
        ]);
      }
    };
    try {
      const user = await signUpTestUser(context.app);
      await context.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
      const reader = client(() => url, user.session);
      // About 3 s of streaming; the database goes away as soon as the first section is out.
      fake.enqueue({ kind: 'json', body: sampleNonFiction('Deep Work'), chunkSize: 16, delayMs: 40 });
      const stream = eventStream(await reader.generate(DEEP_WORK, true));
      await stream.waitFor((event) => event.type === 'section');
      await setOutage(true);
      const events = await stream.toEnd();
      expect(events.at(-1)).toMatchObject({ type: 'error', code: 'GENERATION_FAILED' });
      await setOutage(false);

      await expect.poll(async () => (await reader.usage()).summariesUsed, { timeout: 5_000 }).toBe(0);
      expect((await reader.history()).items).toEqual([]);
      const [counter] = await context.database.db
        .select()
        .from(usageCounters)
        .where(eq(usageCounters.userId, user.session.user.id));
      expect(counter?.summariesUsed ?? 0).toBe(0);

      const again = await reader.generate(DEEP_WORK, false);
      expect(again.status).toBe(200);
      expect(((await again.json()) as GenerateSummaryResponse).usage.summariesUsed).toBe(1);
    } finally {
      await setOutage(false).catch(() => undefined);
      await admin.end();
      await context.close();
      await fake.close();
    }
  }, 120_000);
});

describe.each(TEST_DATABASES)('kill -9 mid-generation, then a restart, on %s', (kind: DatabaseKind) => {
  let fake: FakeLlmServer;
  let dataDir: string;
  beforeAll(async () => {
    fake = await startFakeLlmServer({ responder: bookResponder() });
    dataDir = await mkdtemp(path.join(tmpdir(), 'summa-kill-'));
  });
  afterAll(async () => {
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('charges nothing, keeps nothing half-made, and generates the same book at once', async () => {
    const database = kind === 'postgres' ? await createTestDatabase('postgres') : undefined;
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'fake-model',
    };
    let server = await startServer(env);
    try {
      const session = await signUpOver(server.url);
      const reader = client(() => server.url, session);
      fake.enqueue(slowBody('Atomic Habits'));
      const stream = eventStream(await reader.generate(ATOMIC_HABITS, true));
      await stream.waitFor((event) => event.type === 'section');
      expect((await reader.usage()).summariesUsed).toBe(1);
      server.kill('SIGKILL');
      await server.exited;

      server = await startServer(env);
      // Nothing was charged: on PostgreSQL the dead process's hold lapses within its short lease.
      await expect.poll(async () => (await reader.usage()).summariesUsed, { timeout: 8_000 }).toBe(0);
      expect((await reader.history()).items).toEqual([]);
      if (database) {
        const counters = await database.db.select().from(usageCounters);
        expect(counters.every((counter) => counter.summariesUsed === 0)).toBe(true);
      }
      const startedAt = performance.now();
      const again = await reader.generate(ATOMIC_HABITS, false);
      expect(again.status).toBe(200);
      // Not after a 30 s lease: at once on the embedded database, within the 6 s lease on PostgreSQL.
      expect(performance.now() - startedAt).toBeLessThan(kind === 'pglite' ? 3_000 : 8_000);
      expect(((await again.json()) as GenerateSummaryResponse).usage.summariesUsed).toBe(1);
      expect((await reader.history()).items.map((item) => item.title)).toEqual(['Atomic Habits']);
    } finally {
      server.kill('SIGKILL');
      await server.exited;
      await database?.close();
    }
  }, 120_000);
});

describe('SIGTERM mid-generation', () => {
  let fake: FakeLlmServer;
  let dataDir: string;
  beforeAll(async () => {
    fake = await startFakeLlmServer({ responder: bookResponder() });
    dataDir = await mkdtemp(path.join(tmpdir(), 'summa-sigterm-'));
  });
  afterAll(async () => {
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lets a generation finish within the shutdown time, and ends a longer one with the error event', async () => {
    const server = await startServer({
      DATA_DIR: dataDir,
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'fake-model',
      // Generations get 6 s of it; the rest is for telling the readers and closing the database.
      SHUTDOWN_TIMEOUT_MS: '8000',
    });
    try {
      const session = await signUpOver(server.url);
      const reader = client(() => server.url, session);
      fake.enqueue(slowBody('Atomic Habits'));
      const long = eventStream(await reader.generate(ATOMIC_HABITS, true));
      await long.waitFor((event) => event.type === 'section');
      // About 3 s of streaming.
      fake.enqueue({ kind: 'json', body: sampleNonFiction('Deep Work'), chunkSize: 16, delayMs: 40 });
      const short = eventStream(await reader.generate(DEEP_WORK, true));
      await short.waitFor((event) => event.type === 'section');

      server.kill('SIGTERM');
      const [shortEvents, longEvents] = await Promise.all([short.toEnd(), long.toEnd()]);
      expect(shortEvents.at(-1)).toMatchObject({ type: 'done', cached: false });
      expect(longEvents.at(-1)).toMatchObject({
        type: 'error',
        step: 'error',
        percent: 0,
        code: 'GENERATION_FAILED',
        message: 'Something went wrong. Please try again.',
      });
      expect(await server.exited).toBe(0);
    } finally {
      server.kill('SIGKILL');
      await server.exited;
    }
  }, 120_000);
});
