import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { summarySchema } from '@summa/shared';
import { userSummaries } from '../../db/schema/index.js';
import { gamificationClient } from '../../test/gamification-client.js';
import { useAppWithFakeModels } from '../../test/app-with-fake-models.js';
import { TEST_DATABASES } from '../../test/test-app.js';
import { bearer, signUpTestUser } from '../../test/test-users.js';
import { SummariesService } from './summaries.service.js';
import { READER_STATE_TTL_MS } from './summary-read-cache.js';

// A reader opening a summary records it in their history in the same statement that reads their
// rating (summaries.repository.ts, readerOpens). Each read here goes through a new service, whose
// read cache is empty, so that every one of them reaches the database.
describe.each(TEST_DATABASES)('a reader opening a summary on %s', (kind) => {
  const context = useAppWithFakeModels(kind);
  const api = gamificationClient(() => context.app);
  const plan = { planOf: async () => 'free' as const };
  const freshRead = (userId: string, summaryId: string) =>
    new SummariesService({ db: context.database.db, plan }).read(userId, summaryId);

  const lastSeen = async (userId: string, summaryId: string) => {
    const rows = await context.database.db
      .select({ lastSeenAt: userSummaries.lastSeenAt, generatedAt: userSummaries.generatedAt })
      .from(userSummaries)
      .where(and(eq(userSummaries.userId, userId), eq(userSummaries.summaryId, summaryId)));
    return rows;
  };

  it('records the first opening, writes nothing again within a minute, and records a later one', async () => {
    const author = await signUpTestUser(context.app);
    const reader = await signUpTestUser(context.app);
    const readerId = reader.session.user.id;
    const summaryId = await api.summaryFor(author, 'Deep Work');
    expect(await lastSeen(readerId, summaryId)).toEqual([]);

    const body = summarySchema.parse(JSON.parse(await freshRead(readerId, summaryId)));
    expect(body).toMatchObject({ id: summaryId, feedback: null });
    const [first] = await lastSeen(readerId, summaryId);
    // Opened, not generated: it costs the reader nothing.
    expect(first).toMatchObject({ generatedAt: null });

    // Backdated by 30 s: still within the minute, so the reopening leaves it as it is.
    const halfMinuteAgo = new Date(Date.now() - 30_000);
    await context.database.db
      .update(userSummaries)
      .set({ lastSeenAt: halfMinuteAgo })
      .where(and(eq(userSummaries.userId, readerId), eq(userSummaries.summaryId, summaryId)));
    await freshRead(readerId, summaryId);
    expect((await lastSeen(readerId, summaryId))[0]?.lastSeenAt).toEqual(halfMinuteAgo);

    // Two minutes ago: the reopening moves it to now.
    await context.database.db
      .update(userSummaries)
      .set({ lastSeenAt: sql`now() - interval '2 minutes'` })
      .where(and(eq(userSummaries.userId, readerId), eq(userSummaries.summaryId, summaryId)));
    await freshRead(readerId, summaryId);
    const [later] = await lastSeen(readerId, summaryId);
    expect(Date.now() - (later?.lastSeenAt.getTime() ?? 0)).toBeLessThan(30_000);
    // The author's own entry is untouched by the reader's openings.
    expect((await lastSeen(author.session.user.id, summaryId))[0]?.generatedAt).not.toBeNull();
  });

  it('answers a reopening past the minute from memory, and records it and reads the rating behind it', async () => {
    const author = await signUpTestUser(context.app);
    const reader = await signUpTestUser(context.app);
    const readerId = reader.session.user.id;
    const summaryId = await api.summaryFor(author, 'Essentialism');
    let now = 0;
    const summaries = new SummariesService({ db: context.database.db, plan, now: () => now });
    const feedbackOf = async () =>
      summarySchema.parse(JSON.parse(await summaries.read(readerId, summaryId))).feedback;
    expect(await feedbackOf()).toBeNull();
    // Meanwhile, the reader rates it through another instance, and two minutes pass.
    const rated = await context.app.inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/feedback`,
      headers: bearer(reader.session),
      payload: { vote: 'up' },
    });
    expect(rated.statusCode, rated.body).toBeLessThan(300);
    await context.database.db
      .update(userSummaries)
      .set({ lastSeenAt: sql`now() - interval '2 minutes'` })
      .where(and(eq(userSummaries.userId, readerId), eq(userSummaries.summaryId, summaryId)));
    now = READER_STATE_TTL_MS + 1;

    // The reopening is answered from what this instance kept...
    expect(await feedbackOf()).toBeNull();
    // ...while the state is loaded again behind it: the opening is recorded, and the rating shows.
    await expect
      .poll(async () => Date.now() - ((await lastSeen(readerId, summaryId))[0]?.lastSeenAt.getTime() ?? 0))
      .toBeLessThan(30_000);
    await expect.poll(feedbackOf).toEqual({ vote: 'up', comment: null });
  });

  // PGlite has one connection: a row held in one transaction would hold every other statement too.
  it.skipIf(kind === 'pglite')(
    'keeps a rating given while the state is loaded again behind a read, not what that load read before it',
    async () => {
      const author = await signUpTestUser(context.app);
      const reader = await signUpTestUser(context.app);
      const readerId = reader.session.user.id;
      const summaryId = await api.summaryFor(author, 'The ONE Thing');
      let now = 0;
      const summaries = new SummariesService({ db: context.database.db, plan, now: () => now });
      const feedbackOf = async () =>
        summarySchema.parse(JSON.parse(await summaries.read(readerId, summaryId))).feedback;
      expect(await feedbackOf()).toBeNull();
      const entry = and(eq(userSummaries.userId, readerId), eq(userSummaries.summaryId, summaryId));
      await context.database.db
        .update(userSummaries)
        .set({ lastSeenAt: sql`now() - interval '2 minutes'` })
        .where(entry);
      now = READER_STATE_TTL_MS + 1;

      // The history entry is held, so the load behind the next read waits, with its rating read
      // before the one given meanwhile.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let held = () => {};
      const holding = new Promise<void>((resolve) => (held = resolve));
      const holder = context.database.db.transaction(async (tx) => {
        await tx.select().from(userSummaries).where(entry).for('update');
        held();
        await released;
      });
      await holding;
      expect(await feedbackOf()).toBeNull();
      await summaries.rate(readerId, summaryId, { vote: 'up' });
      release();
      await holder;
      // The load finished (it recorded the reopening)...
      await expect
        .poll(async () => Date.now() - ((await lastSeen(readerId, summaryId))[0]?.lastSeenAt.getTime() ?? 0))
        .toBeLessThan(30_000);
      // ...and what it read before the rating was not kept.
      expect(await feedbackOf()).toEqual({ vote: 'up', comment: null });
    },
  );

  it("answers with the reader's own rating, and no one else's", async () => {
    const author = await signUpTestUser(context.app);
    const reader = await signUpTestUser(context.app);
    const summaryId = await api.summaryFor(author, 'Atomic Habits');
    await freshRead(reader.session.user.id, summaryId);
    const rated = await context.app.inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/feedback`,
      headers: bearer(reader.session),
      payload: { vote: 'down', comment: 'Too short on examples.' },
    });
    expect(rated.statusCode, rated.body).toBeLessThan(300);

    const readerView = summarySchema.parse(JSON.parse(await freshRead(reader.session.user.id, summaryId)));
    expect(readerView.feedback).toEqual({ vote: 'down', comment: 'Too short on examples.' });
    const authorView = summarySchema.parse(JSON.parse(await freshRead(author.session.user.id, summaryId)));
    expect(authorView.feedback).toBeNull();
  });
});
