import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AudioEvent, AudioResponse, GenerateSummaryResponse } from '@summa/shared';
import { buildApp, type App } from '../../app.js';
import { bookAudio, bookSummaries, usageCounters, workLeases } from '../../db/schema/index.js';
import type { ReaderActivityEvent } from '../../ports/reader-activity.js';
import { LocalStorage } from '../../providers/storage/local-storage.js';
import { newObjectKey } from '../../providers/storage/object-key.js';
import { startFakeLlmServer } from '../../test/fake-llm-server.js';
import { silentMp3, startFakeTtsServer } from '../../test/fake-tts-server.js';
import { bookResponder } from '../../test/summary-responder.js';
import { createTestApp, startSecondInstance, TEST_DATABASES, testConfig } from '../../test/test-app.js';
import { useAppWithFakeModels } from '../../test/app-with-fake-models.js';
import { bearer, signUpTestUser, type TestUser } from '../../test/test-users.js';
import { readerClient } from '../../test/reader-client.js';

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

function sseEvents(body: string): AudioEvent[] {
  return body
    .split('\n\n')
    .map((block) => block.split('\n').find((line) => line.startsWith('data:')))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice(5)) as AudioEvent);
}

describe.each(TEST_DATABASES)('audio syntheses on %s', (kind) => {
  let storageDir: string;
  let clock: number;
  let storage: LocalStorage;
  const activity: Extract<ReaderActivityEvent, { type: 'audio_generated' }>[] = [];
  const narration = { maxChars: 120, firstPartMaxChars: 80 };

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'summa-audio-'));
    clock = Date.now();
    storage = new LocalStorage({ dir: storageDir, signingKey: 'a'.repeat(64), now: () => clock });
  });
  afterAll(async () => {
    await rm(storageDir, { recursive: true, force: true });
  });
  const context = useAppWithFakeModels(
    kind,
    () => ({
      storage,
      narration,
      readerActivity: {
        record: async (event) => {
          if (event.type === 'audio_generated') activity.push(event);
        },
      },
    }),
    { voice: true },
  );
  const calls = readerClient(() => context.app);
  beforeEach(() => {
    clock = Date.now();
    activity.length = 0;
  });

  const requestAudio = (user: TestUser, summaryId: string, app: App = context.app, stream = false) =>
    app.inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/audio`,
      headers: { ...bearer(user.session), ...(stream ? { accept: 'text/event-stream' } : {}) },
      payload: { language: 'en' },
    });
  const rowsOf = (summaryId: string) =>
    context.database.db.select().from(bookAudio).where(eq(bookAudio.bookSummaryId, summaryId));

  it('streams the plan, then each part in order with a working signed URL, then done', async () => {
    const reader = await signUpTestUser(context.app);
    const summaryId = await calls.summaryFor(reader, 'Atomic Habits', 'James Clear');
    const response = await requestAudio(reader, summaryId, context.app, true);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = sseEvents(response.body);
    const [plan, ...rest] = events;
    const done = rest.pop();
    expect(plan).toMatchObject({ type: 'plan' });
    const totalParts = plan?.type === 'plan' ? plan.totalParts : 0;
    expect(totalParts).toBeGreaterThanOrEqual(4);
    expect(rest.map((event) => event.type)).toEqual(Array.from({ length: totalParts }, () => 'part'));
    const parts = rest.flatMap((event) => (event.type === 'part' ? [event.part] : []));
    expect(parts.map((part) => part.part)).toEqual(parts.map((_, index) => index + 1));
    for (const part of parts) {
      const file = await context.app.inject({ method: 'GET', url: part.url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(silentMp3(1))).toBe(true);
    }
    expect(done).toMatchObject({ type: 'done', cached: false, usage: { audiosUsed: 1 } });
    expect(done?.type === 'done' && done.parts.length).toBe(totalParts);
  });

  it('serves a part through a signed URL: Range 206, tampered 403, expired 403', async () => {
    const reader = await signUpTestUser(context.app);
    const summaryId = await calls.summaryFor(reader, 'Deep Work', 'Cal Newport');
    const url = (await requestAudio(reader, summaryId)).json<AudioResponse>().parts[0]!.url;
    const bytes = silentMp3(1);
    const range = await context.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-299' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-299/${bytes.length}`);
    expect(range.rawPayload.equals(bytes.subarray(100, 300))).toBe(true);

    const signed = new URL(url, 'http://app');
    const signature = signed.searchParams.get('signature') ?? signed.searchParams.get('sig');
    const tampered = new URL(signed);
    for (const [name, value] of signed.searchParams) {
      if (value === signature) tampered.searchParams.set(name, `${value.slice(0, -2)}xx`);
    }
    expect(tampered.toString()).not.toBe(signed.toString());
    const forged = await context.app.inject({ method: 'GET', url: `${tampered.pathname}${tampered.search}` });
    expect(forged.statusCode).toBe(403);

    clock += 3601_000;
    expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(403);
  });

  it('shares one synthesis between concurrent readers, and reuse after costs nothing', async () => {
    const readers = await Promise.all([1, 2, 3].map(() => signUpTestUser(context.app)));
    const summaryId = await calls.summaryFor(readers[0]!, 'The Lean Startup', 'Eric Ries');
    const responses = await Promise.all(readers.map((reader) => requestAudio(reader, summaryId)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const parts = responses[0]!.json<AudioResponse>().parts.length;
    expect(context.tts.requests).toHaveLength(parts);
    expect(await rowsOf(summaryId)).toHaveLength(parts);

    // Each reader's first audio of this summary is reported once; the stored one costs nothing.
    expect(activity.map((event) => event.userId).sort()).toEqual(
      readers.map((reader) => reader.session.user.id).sort(),
    );
    expect(activity.every((event) => event.summaryId === summaryId && event.language === 'en')).toBe(true);
    const used = await calls.usage(readers[0]!);
    const again = (await requestAudio(readers[0]!, summaryId)).json<AudioResponse>();
    expect(again).toMatchObject({ cached: true, usage: { audiosUsed: used.audiosUsed } });
    const newcomer = await signUpTestUser(context.app);
    expect((await requestAudio(newcomer, summaryId)).json<AudioResponse>()).toMatchObject({
      cached: true,
      usage: { audiosUsed: 0 },
    });
    expect(activity).toHaveLength(4);
    expect(activity[3]).toEqual({
      type: 'audio_generated',
      userId: newcomer.session.user.id,
      summaryId,
      language: 'en',
    });
    expect(context.tts.requests).toHaveLength(parts);
  });

  it('charges a reader once for one audio asked for from several tabs at once', async () => {
    const reader = await signUpTestUser(context.app);
    const summaryId = await calls.summaryFor(reader, 'Range', 'David Epstein');
    const responses = await Promise.all([1, 2, 3].map(() => requestAudio(reader, summaryId)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await calls.usage(reader)).toMatchObject({ audiosUsed: 1 });
    expect(activity).toHaveLength(1);
  });

  it('lets exactly one of 50 parallel new audios through for a Free reader at 9 used', async () => {
    const reader = await signUpTestUser(context.app);
    const firstId = await calls.summaryFor(reader, 'Essentialism', 'Greg McKeown');
    const [source] = await context.database.db
      .select()
      .from(bookSummaries)
      .where(eq(bookSummaries.id, firstId));
    const copies = await context.database.db
      .insert(bookSummaries)
      .values(
        Array.from({ length: 49 }, (_, index) => ({
          ...source!,
          id: randomUUID(),
          normKey: `${source!.normKey}#${index}`,
        })),
      )
      .returning({ id: bookSummaries.id });
    await context.database.db
      .insert(usageCounters)
      .values({
        userId: reader.session.user.id,
        monthKey: new Date().toISOString().slice(0, 7),
        audiosUsed: 9,
      })
      .onConflictDoUpdate({
        target: [usageCounters.userId, usageCounters.monthKey],
        set: { audiosUsed: 9 },
      });
    const ids = [firstId, ...copies.map((copy) => copy.id)];
    const responses = await Promise.all(ids.map((id) => requestAudio(reader, id)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 403)).toHaveLength(49);
    for (const response of responses.filter((one) => one.statusCode === 403)) {
      expect(response.json()).toMatchObject({ error: { code: 'AUDIO_LIMIT_REACHED' } });
    }
    expect(await calls.usage(reader)).toMatchObject({ audiosUsed: 10 });
  });

  it("removes a dead process's unfinished parts and files on the next attempt", async () => {
    const reader = await signUpTestUser(context.app);
    const summaryId = await calls.summaryFor(reader, 'Thinking, Fast and Slow', 'Daniel Kahneman');
    const before = await filesUnder(storageDir);
    const leftovers = await deadProcessLeftovers(summaryId);
    await context.database.db.insert(workLeases).values({
      scope: 'audio',
      key: `${summaryId}:en`,
      ownerId: randomUUID(),
      leaseUntil: sql`now() - interval '1 minute'`,
    });
    const made = await requestAudio(reader, summaryId);
    expect(made.statusCode).toBe(200);
    const parts = made.json<AudioResponse>().parts.length;
    const files = await filesUnder(storageDir);
    for (const key of leftovers) expect(files).not.toContain(key);
    expect(files.length - before.length).toBe(parts);
    const rows = await rowsOf(summaryId);
    expect(rows).toHaveLength(parts);
    expect(rows.every((row) => row.complete)).toBe(true);
  });

  if (kind === 'pglite') {
    it('removes unfinished parts and their files when an embedded database starts', async () => {
      const reader = await signUpTestUser(context.app);
      const summaryId = await calls.summaryFor(reader, 'Sapiens', 'Yuval Noah Harari');
      const leftovers = await deadProcessLeftovers(summaryId);
      // A new process on the same embedded database.
      const restarted = await buildApp({
        config: testConfig(context.env),
        database: context.database,
        storage,
      });
      await restarted.ready();
      await restarted.close();
      const files = await filesUnder(storageDir);
      for (const key of leftovers) expect(files).not.toContain(key);
      expect(await rowsOf(summaryId)).toEqual([]);
    });
  }

  /** What a process that died after storing two of its parts leaves: their rows and files. */
  async function deadProcessLeftovers(summaryId: string): Promise<string[]> {
    const keys = [newObjectKey('audio', 'mp3'), newObjectKey('audio', 'mp3')];
    for (const [index, key] of keys.entries()) {
      await context.database.db.insert(bookAudio).values({
        bookSummaryId: summaryId,
        language: 'en',
        part: index + 1,
        audioUrl: key,
        durationMs: 1000,
        bytes: 10,
        provider: 'openai-compatible',
        voice: 'dead',
        complete: false,
      });
      await storage.put(key, silentMp3(1), { contentType: 'audio/mpeg' });
    }
    expect(await filesUnder(storageDir)).toEqual(expect.arrayContaining(keys));
    return keys;
  }
});

describe.each(TEST_DATABASES)('two instances on one %s database', (kind) => {
  it('make one synthesis for the same audio, and both answer with it', async () => {
    const llm = await startFakeLlmServer({ responder: bookResponder() });
    const tts = await startFakeTtsServer();
    const storageDir = await mkdtemp(path.join(tmpdir(), 'summa-audio-'));
    const env = {
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      TTS_PROVIDER: 'openai-compatible',
      TTS_BASE_URL: tts.baseUrl,
      STORAGE_DIR: storageDir,
      JWT_SECRET: 'j'.repeat(40),
    };
    const generation = { leaseMs: 600, pollMs: 20 };
    const narration = { maxChars: 120, firstPartMaxChars: 80 };
    const first = await createTestApp(kind, { env, generation, narration });
    const second = await startSecondInstance(first, { env, generation, narration });
    try {
      const readers = await Promise.all([1, 2, 3, 4].map(() => signUpTestUser(first.app)));
      const made = await first.app.inject({
        method: 'POST',
        url: '/api/summaries',
        headers: bearer(readers[0]!.session),
        payload: { bookTitle: 'Antifragile', bookAuthor: 'Nassim Taleb', language: 'en' },
      });
      const summaryId = made.json<GenerateSummaryResponse>().summaryId;
      const ask = (app: App, reader: TestUser) =>
        app.inject({
          method: 'POST',
          url: `/api/summaries/${summaryId}/audio`,
          headers: bearer(reader.session),
          payload: { language: 'en' },
        });
      const responses = await Promise.all(
        readers.map((reader, index) => ask(index % 2 === 0 ? first.app : second.app, reader)),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      const parts = responses[0]!.json<AudioResponse>().parts.length;
      expect(tts.requests).toHaveLength(parts);
      // Both instances sign URLs the other serves.
      const url = responses[1]!.json<AudioResponse>().parts[0]!.url;
      expect((await first.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect(await first.database.db.select().from(bookAudio)).toHaveLength(parts);
      expect(await first.database.db.select().from(workLeases)).toEqual([]);
    } finally {
      await second.close();
      await first.close();
      await Promise.all([llm.close(), tts.close()]);
      await rm(storageDir, { recursive: true, force: true });
    }
  });
});
