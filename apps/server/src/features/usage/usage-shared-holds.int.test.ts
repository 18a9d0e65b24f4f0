import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AudioResponse, GenerateSummaryResponse } from '@summa/shared';
import { usageCounters, usageReservations } from '../../db/schema/index.js';
import { useAppWithFakeModels } from '../../test/app-with-fake-models.js';
import { bookResponder } from '../../test/summary-responder.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { bearer, signUpReaderWhoUsed, type TestUser } from '../../test/test-users.js';
import { UsageService } from './usage.service.js';
import { readerClient } from '../../test/reader-client.js';

describe.each(TEST_DATABASES)('a hold shared by one reader on %s', (kind) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp(kind);
  });
  afterAll(async () => {
    await context.close();
  });

  const readerAt = async (used: { summariesUsed?: number; audiosUsed?: number }) =>
    (await signUpReaderWhoUsed(context.app, used)).session.user.id;
  const holdsOf = async (userId: string) =>
    (await context.database.db.select().from(usageReservations)).filter((row) => row.userId === userId);

  it("joins the reader's hold of the same item: one unit, charged once, ended by its last holder", async () => {
    const userId = await readerAt({ summariesUsed: 9 });
    const quota = new UsageService({ db: context.database.db, holdMs: 60_000 });
    const first = await quota.reserve(userId, 'summary', { item: 'book-a' });
    const second = await quota.reserve(userId, 'summary', { item: 'book-a' });
    expect(first).toMatchObject({ joined: false });
    expect(second).toMatchObject({ id: first?.id, joined: true });
    expect((await quota.usage(userId)).summariesUsed).toBe(10);
    // Another item, or no item, is another unit: refused at the limit.
    expect(await quota.reserve(userId, 'summary', { item: 'book-b' })).toBeUndefined();
    expect(await quota.reserve(userId, 'summary')).toBeUndefined();
    // One holder leaves: the hold goes on for the other.
    await quota.release(first!);
    expect(await holdsOf(userId)).toMatchObject([{ holders: 1 }]);
    expect((await quota.usage(userId)).summariesUsed).toBe(10);
    const charge = await quota.charge(second!, async () => true);
    expect(charge.delivered).toBe(true);
    // The charge's answer is the month's use, as a read of it after the charge finds it.
    expect(charge.usage).toEqual(await quota.usage(userId));
    expect(charge.usage.summariesUsed).toBe(10);
    expect(await holdsOf(userId)).toEqual([]);
  });

  it('charges once when every holder delivers, and frees the unit when every holder fails', async () => {
    const userId = await readerAt({ audiosUsed: 9 });
    const quota = new UsageService({ db: context.database.db, holdMs: 60_000 });
    const holders = [
      await quota.reserve(userId, 'audio', { item: 's:en' }),
      await quota.reserve(userId, 'audio', { item: 's:en' }),
      await quota.reserve(userId, 'audio', { item: 's:en' }),
    ];
    let delivered = false;
    const deliver = async () => {
      const first = !delivered;
      delivered = true;
      return first;
    };
    const charges = await Promise.all(holders.map((holder) => quota.charge(holder!, deliver)));
    expect(charges.map((charge) => charge.delivered)).toEqual(expect.arrayContaining([true, false, false]));
    expect(await quota.usage(userId)).toMatchObject({ audiosUsed: 10 });
    expect(await holdsOf(userId)).toEqual([]);

    const failed = [
      await quota.reserve(userId, 'audio', { item: 's:pt' }),
      await quota.reserve(userId, 'audio', { item: 's:pt' }),
    ];
    expect(failed).toEqual([undefined, undefined]);
  });

  it('lapses when its holders stop renewing it, however many they were', async () => {
    const userId = await readerAt({ summariesUsed: 9 });
    const quota = new UsageService({ db: context.database.db, holdMs: 600 });
    const first = await quota.reserve(userId, 'summary', { item: 'book-c' });
    await quota.reserve(userId, 'summary', { item: 'book-c' });
    await quota.renew(first!);
    expect((await quota.usage(userId)).summariesUsed).toBe(10);
    await sleep(800);
    expect((await quota.usage(userId)).summariesUsed).toBe(9);
    expect(await quota.reserve(userId, 'summary', { item: 'book-d' })).toMatchObject({ joined: false });
  });

  it("admits a new hold once, and makes the reader's other requests wait for its admission", async () => {
    const userId = await readerAt({});
    const quota = new UsageService({ db: context.database.db, holdMs: 60_000 });
    let admissions = 0;
    const admit = async () => {
      admissions += 1;
      await sleep(100);
    };
    const held = await Promise.all(
      Array.from({ length: 5 }, () => quota.reserve(userId, 'audio', { item: 'x:en', admit })),
    );
    expect(admissions).toBe(1);
    expect(new Set(held.map((reservation) => reservation?.id)).size).toBe(1);
    expect(held.filter((reservation) => reservation?.joined)).toHaveLength(4);
    expect(await holdsOf(userId)).toMatchObject([{ holders: 5 }]);

    // Refused by fair use: the hold is given back, and the requests that waited for it try
    // (and are refused) on their own instead of riding on it.
    const refuse = async () => {
      admissions += 1;
      await sleep(50);
      throw new Error('too many');
    };
    const refused = await Promise.allSettled(
      Array.from({ length: 3 }, () => quota.reserve(userId, 'audio', { item: 'y:en', admit: refuse })),
    );
    expect(refused.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(admissions).toBe(4);
    expect((await holdsOf(userId)).map((row) => row.item)).toEqual(['x:en']);
  });

  it('never deadlocks nor charges twice while requests join, deliver and leave at once', async () => {
    const userId = await readerAt({ audiosUsed: 0 });
    const quota = new UsageService({ db: context.database.db, holdMs: 60_000 });
    let delivered = false;
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        await sleep(index % 7);
        const reservation = await quota.reserve(userId, 'audio', { item: 'z:en' });
        if (!reservation) return 'refused';
        if (index % 5 === 0) {
          await quota.release(reservation);
          return 'left';
        }
        const charge = await quota.charge(reservation, async () => {
          const first = !delivered;
          delivered = true;
          return first;
        });
        return charge.delivered;
      }),
    );
    expect(outcomes.filter((outcome) => outcome === true)).toHaveLength(1);
    expect(outcomes).not.toContain('refused');
    expect(await quota.usage(userId)).toMatchObject({ audiosUsed: 1 });
    expect(await holdsOf(userId)).toEqual([]);
  });
});

describe.each(TEST_DATABASES)("a reader's concurrent requests for one new item on %s", (kind) => {
  const context = useAppWithFakeModels(
    kind,
    {
      env: {
        // The defaults of production: a reader's requests that share a hold are admitted once.
        GENERATION_LIMIT_PER_USER_PER_HOUR: '',
        AUDIO_LIMIT_PER_USER_PER_HOUR: '',
      },
      narration: { maxChars: 120, firstPartMaxChars: 80 },
    },
    { voice: true },
  );
  const calls = readerClient(() => context.app);
  beforeEach(() => {
    // Slow enough that every request asks while the first is still being made.
    context.llm.respondWith(bookResponder({ chunkSize: 16, delayMs: 5 }));
    context.tts.respondWith(async () => {
      await sleep(10);
      return { kind: 'audio' };
    });
  });

  const readerAt = (used: { summariesUsed?: number; audiosUsed?: number }) =>
    signUpReaderWhoUsed(context.app, used);
  const generate = (user: TestUser, book: { bookTitle: string; bookAuthor: string }, stream = false) =>
    context.app.inject({
      method: 'POST',
      url: '/api/summaries',
      headers: { ...bearer(user.session), ...(stream ? { accept: 'text/event-stream' } : {}) },
      payload: { ...book, language: 'en' },
    });
  const narrate = (user: TestUser, summaryId: string, stream = false) =>
    context.app.inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/audio`,
      headers: { ...bearer(user.session), ...(stream ? { accept: 'text/event-stream' } : {}) },
      payload: { language: 'en' },
    });
  const summaryFor = async (user: TestUser, title: string) => {
    const response = await generate(user, { bookTitle: title, bookAuthor: 'Ann Author' });
    expect(response.statusCode).toBe(200);
    return response.json<GenerateSummaryResponse>().summaryId;
  };

  it('answers both requests for a new summary at 9 of 10, and charges one', async () => {
    const reader = await readerAt({ summariesUsed: 9 });
    // A catalogue book: its summary is one model call.
    const book = { bookTitle: 'Atomic Habits', bookAuthor: 'James Clear' };
    const [json, stream] = await Promise.all([generate(reader, book), generate(reader, book, true)]);
    expect([json.statusCode, stream.statusCode]).toEqual([200, 200]);
    expect(stream.body).toContain('"type":"done"');
    expect(context.llm.requests).toHaveLength(1);
    expect(await calls.usage(reader)).toMatchObject({ summariesUsed: 10, summariesLimit: 10 });
  });

  it('answers both requests for a new narration at 9 of 10, and charges one', async () => {
    const reader = await readerAt({});
    const summaryId = await summaryFor(reader, 'Heard Twice');
    await context.database.db
      .update(usageCounters)
      .set({ audiosUsed: 9 })
      .where(eq(usageCounters.userId, reader.session.user.id));
    const [json, stream] = await Promise.all([narrate(reader, summaryId), narrate(reader, summaryId, true)]);
    expect([json.statusCode, stream.statusCode]).toEqual([200, 200]);
    expect(stream.body).toContain('"type":"done"');
    expect(context.tts.requests).toHaveLength(json.json<AudioResponse>().parts.length);
    expect(await calls.usage(reader)).toMatchObject({ audiosUsed: 10, audiosLimit: 10 });
  });

  it('answers 30 concurrent requests for one narration at 0 of 10 with one synthesis and one unit', async () => {
    const reader = await readerAt({});
    const summaryId = await summaryFor(reader, 'Heard Thirty Times');
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => narrate(reader, summaryId, index % 3 === 0)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const parts = responses[1]!.json<AudioResponse>().parts.length;
    expect(context.tts.requests).toHaveLength(parts);
    expect(await calls.usage(reader)).toMatchObject({ audiosUsed: 1 });
    expect(await context.database.db.select().from(usageReservations)).toEqual([]);
  });
});
