import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AudioEvent,
  GenerationEvent,
  HistoryResponse,
  RankingResponse,
  Session,
  Usage,
} from '@summa/shared';
import { bookSummaries } from '../db/schema/index.js';
import { DEFAULT_WORKER_NICE } from '../config/env.js';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeLlmServer, type FakeLlmServer } from '../test/fake-llm-server.js';
import { startFakeTtsServer, type FakeTtsServer } from '../test/fake-tts-server.js';
import { eventStream } from '../test/sse-client.js';
import { bookResponder, sampleNonFiction } from '../test/summary-responder.js';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';
import { bearer, signUpOver } from '../test/test-users.js';
import { startServer, type RunningServer } from '../test/server-process.js';

const ATOMIC_HABITS = { bookTitle: 'Atomic Habits', bookAuthor: 'James Clear', language: 'en' } as const;
const DEEP_WORK = { bookTitle: 'Deep Work', bookAuthor: 'Cal Newport', language: 'en' } as const;

/** The scheduling priorities of a process's threads (Linux keeps one a thread). */
const threadPriorities = (pid: number) =>
  new Set(readdirSync(`/proc/${pid}/task`).map((thread) => getPriority(Number(thread))));

/** Starts main.ts in `role`, and waits until it listens. */
const start = (role: 'web' | 'worker', env: Record<string, string>) =>
  startServer({ COVERS_FETCH: 'off', SUMMA_ROLE: role, ...env });

/** A reader's calls to one web instance. */
function reader(url: string, session: Session) {
  const headers = { ...bearer(session), 'content-type': 'application/json', 'accept-language': 'en' };
  const get = async <T>(path: string) => {
    const response = await fetch(`${url}${path}`, { headers });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  return {
    usage: () => get<Usage>('/api/me/usage'),
    history: () => get<HistoryResponse>('/api/history'),
    ranking: () => get<RankingResponse>('/api/ranking'),
    stream: async (book: object) =>
      eventStream(
        await fetch(`${url}/api/summaries`, {
          method: 'POST',
          headers: { ...headers, accept: 'text/event-stream' },
          body: JSON.stringify(book),
        }),
      ),
    narrate: async (summaryId: string) =>
      eventStream(
        await fetch(`${url}/api/summaries/${summaryId}/audio`, {
          method: 'POST',
          headers: { ...headers, accept: 'text/event-stream' },
          body: JSON.stringify({ language: 'en' }),
        }),
      ),
    award: (subjectId: string) =>
      fetch(`${url}/api/xp`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ eventType: 'read_summary', subjectId }),
      }),
    generate: (bookTitle: string) =>
      fetch(`${url}/api/summaries`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ bookTitle, bookAuthor: 'Some Author', language: 'en' }),
      }),
  };
}

const sections = (events: GenerationEvent[]) =>
  events.flatMap((event) => (event.type === 'section' ? [JSON.stringify(event)] : []));

/**
 * Two web processes and a worker on one PostgreSQL database (ADR 0031), with the model behind a
 * fake OpenAI-compatible server: the roles as a cluster runs them, each a real process.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two web instances and a worker on PostgreSQL', () => {
  let database: TestDatabase;
  let fake: FakeLlmServer;
  let tts: FakeTtsServer;
  let storageDir: string;
  const processes: RunningServer[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    [database, fake, tts, storageDir] = await Promise.all([
      createTestDatabase('postgres'),
      startFakeLlmServer({ responder: bookResponder({ chunkSize: 64, delayMs: 5 }) }),
      startFakeTtsServer(),
      mkdtemp(path.join(tmpdir(), 'summa-scale-')),
    ]);
    env = {
      DATABASE_URL: database.url ?? '',
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'fake-model',
      RANKING_REFRESH_MS: '0',
      GENERATION_LIMIT_PER_USER_PER_HOUR: '2',
      TTS_PROVIDER: 'openai-compatible',
      TTS_BASE_URL: tts.baseUrl,
      // One storage for the cluster: the worker writes the parts, the web instances serve them.
      STORAGE_DIR: storageDir,
    };
  }, 30_000);
  afterAll(async () => {
    for (const running of processes) running.kill('SIGKILL');
    await Promise.all(processes.map((running) => running.exited));
    await Promise.all([database.close(), fake.close(), tts.close()]);
    await rm(storageDir, { recursive: true, force: true });
  });

  it('run a generation once for both, share sessions, quotas, limits and rankings, and survive a killed worker', async () => {
    const startedAt = performance.now();
    const [webA, webB, worker] = await Promise.all([
      start('web', env),
      start('web', env),
      start('worker', env),
    ]);
    processes.push(webA, webB, worker);
    // The worker yields the CPU to web instances on its machine, in every thread it runs (ADR
    // 0038); they keep their priority.
    const own = getPriority();
    expect(threadPriorities(webA.pid)).toEqual(new Set([own]));
    expect(threadPriorities(worker.pid)).toEqual(new Set([Math.max(own, DEFAULT_WORKER_NICE)]));
    const session = await signUpOver(webA.url, 'scale');
    const other = await signUpOver(webB.url, 'scale');
    // A session made on one instance holds on the other.
    const meOnA = reader(webA.url, session);
    const meOnB = reader(webB.url, session);
    const otherOnB = reader(webB.url, other);

    // One generation asked on both instances: one model call, every section on both streams.
    fake.enqueue({ kind: 'json', body: sampleNonFiction('Atomic Habits'), chunkSize: 16, delayMs: 10 });
    const [first, second] = await Promise.all([meOnA.stream(ATOMIC_HABITS), otherOnB.stream(ATOMIC_HABITS)]);
    const [eventsA, eventsB] = await Promise.all([first.toEnd(), second.toEnd()]);
    expect(eventsA.at(-1)).toMatchObject({ type: 'done', cached: false });
    expect(eventsB.at(-1)).toMatchObject({ type: 'done' });
    expect(sections(eventsA).length).toBeGreaterThan(3);
    expect(sections(eventsB)).toEqual(sections(eventsA));
    expect(fake.requests).toHaveLength(1);
    // Each reader is charged once, whichever instance answers.
    expect((await meOnB.usage()).summariesUsed).toBe(1);
    expect((await reader(webA.url, other).usage()).summariesUsed).toBe(1);

    const done = eventsA.at(-1);
    const summaryId = done?.type === 'done' ? done.summaryId : '';

    // A narration asked on A and on B: the worker synthesizes it once, and each part reaches both
    // readers as it is stored, through the relay; the web instances never synthesize.
    const [narratedA, narratedB] = await Promise.all([meOnA.narrate(summaryId), otherOnB.narrate(summaryId)]);
    const [audioA, audioB] = (await Promise.all([narratedA.toEnd(), narratedB.toEnd()])) as unknown as [
      AudioEvent[],
      AudioEvent[],
    ];
    const parts = (events: AudioEvent[]) => events.filter((event) => event.type === 'part').length;
    const audioDone = audioB.at(-1);
    expect(audioA.at(-1)).toMatchObject({ type: 'done', usage: { audiosUsed: 1 } });
    expect(audioDone).toMatchObject({ type: 'done', usage: { audiosUsed: 1 } });
    expect(audioA[0]).toMatchObject({ type: 'plan' });
    expect(parts(audioB)).toBeGreaterThan(0);
    expect(parts(audioA)).toBe(parts(audioB));
    expect(tts.requests).toHaveLength(parts(audioA));
    expect(worker.output()).toContain('audio synthesized');
    expect(webA.output() + webB.output()).not.toContain('audio synthesized');
    // A part the worker stored is served by a web instance.
    const partUrl = audioDone?.type === 'done' ? audioDone.parts[0]?.url : undefined;
    expect((await fetch(new URL(partUrl ?? '/missing', webA.url))).status).toBe(200);

    // The ranking: XP earned on one instance shows on the other at once.
    expect((await meOnA.award(summaryId)).status).toBe(200);
    const ranking = await meOnB.ranking();
    expect(ranking.me?.xp).toBeGreaterThan(0);
    expect(ranking.me?.rank).toBe(1);

    // kill -9 of the worker mid-job: a second worker finishes it, once, and charges once.
    fake.enqueue({ kind: 'json', body: sampleNonFiction('Deep Work'), chunkSize: 16, delayMs: 40 });
    const killed = await meOnA.stream(DEEP_WORK);
    await killed.waitFor((event) => event.type === 'section');
    worker.kill('SIGKILL');
    await worker.exited;
    processes.push(await start('worker', env));
    const events = await killed.toEnd();
    expect(events.at(-1)).toMatchObject({ type: 'done', cached: false, usage: { summariesUsed: 2 } });
    // The dead worker's call, then the second worker's: nothing else.
    expect(fake.requests).toHaveLength(3);
    const stored = await database.db.select().from(bookSummaries).where(eq(bookSummaries.title, 'Deep Work'));
    expect(stored).toHaveLength(1);
    expect((await meOnB.usage()).summariesUsed).toBe(2);
    expect((await meOnB.history()).items.map((item) => item.title).sort()).toEqual([
      'Atomic Habits',
      'Deep Work',
    ]);

    // Fair use counts across instances (2 generations an hour per reader): the other reader's
    // second one on A passes, the third on B does not.
    const otherOnA = reader(webA.url, other);
    expect((await otherOnA.generate('Scale Test One')).status).toBe(200);
    const limited = await otherOnB.generate('Scale Test Two');
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe(
      'GENERATION_RATE_LIMITED',
    );
    console.info(`scale-out test: ${Math.round(performance.now() - startedAt)} ms`);
  }, 60_000);
});
