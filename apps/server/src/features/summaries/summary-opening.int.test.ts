import { and, eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { summarySchema } from '@summa/shared';
import { userSummaries, users } from '../../db/schema/index.js';
import { gamificationClient } from '../../test/gamification-client.js';
import { useAppWithFakeModels } from '../../test/app-with-fake-models.js';
import { TEST_DATABASES } from '../../test/test-app.js';
import { bearer, signUpTestUser } from '../../test/test-users.js';
import { SummariesService } from './summaries.service.js';
import { READER_STATE_TTL_MS } from './summary-read-cache.js';

// A reader opening a summary records it in their history in the same statement that reads their
// rating (summaries.repository.ts, openAsReaders), shared by the openings of one event-loop turn. Each read here goes through a new service, whose
// read cache is empty, so that every one of them reaches the database.
describe.each(TEST_DATABASES)('a reader opening a summary on %s', (kind) => {
  const context = useAppWithFakeModels(kind);
  const api = gamificationClient(() => context.app);
  const plan = { planOf: async () => 'free' as const };
  const freshRead = (userId: string, summaryId: string) =>
    new SummariesService({ db: context.database.db, plan }).read(userId, summaryId);

  /** The reader's entry of the summary in their history. */
  const entryOf = (userId: string, summaryId: string) =>
    and(eq(userSummaries.userId, userId), eq(userSummaries.summaryId, summaryId));
  const lastSeen = async (userId: string, summaryId: string) => {
    const rows = await context.database.db
      .select({ lastSeenAt: userSummaries.lastSeenAt, generatedAt: userSummaries.generatedAt })
      .from(userSummaries)
      .where(entryOf(userId, summaryId));
    return rows;
  };
  /** The reader's opening of the summary, moved into the past as if `interval` had gone by. */
  const backdateOpening = (userId: string, summaryId: string, interval: SQL) =>
    context.database.db
      .update(userSummaries)
      .set({ lastSeenAt: sql`now() - ${interval}` })
      .where(entryOf(userId, summaryId));
  /** Waits until the reader's opening is recorded as of now. */
  const openingRecordedNow = (userId: string, summaryId: string) =>
    expect
      .poll(async () => Date.now() - ((await lastSeen(userId, summaryId))[0]?.lastSeenAt.getTime() ?? 0))
      .toBeLessThan(30_000);

  /**
   * A reader who opened a summary through a service of its own, on a clock the test moves; then
   * `aMinuteLater` makes both the service's memory of that and the recorded opening two minutes old.
   */
  async function openedOnAHeldClock(title: string) {
    const author = await signUpTestUser(context.app);
    const reader = await signUpTestUser(context.app);
    const readerId = reader.session.user.id;
    const summaryId = await api.summaryFor(author, title);
    let now = 0;
    const summaries = new SummariesService({ db: context.database.db, plan, now: () => now });
    const feedbackOf = async () =>
      summarySchema.parse(JSON.parse(await summaries.read(readerId, summaryId))).feedback;
    expect(await feedbackOf()).toBeNull();
    const aMinuteLater = async () => {
      await backdateOpening(readerId, summaryId, sql`interval '2 minutes'`);
      now = READER_STATE_TTL_MS + 1;
    };
    return { reader, readerId, summaryId, summaries, feedbackOf, aMinuteLater };
  }

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
      .where(entryOf(readerId, summaryId));
    await freshRead(readerId, summaryId);
    expect((await lastSeen(readerId, summaryId))[0]?.lastSeenAt).toEqual(halfMinuteAgo);

    // Two minutes ago: the reopening moves it to now.
    await backdateOpening(readerId, summaryId, sql`interval '2 minutes'`);
    await freshRead(readerId, summaryId);
    const [later] = await lastSeen(readerId, summaryId);
    expect(Date.now() - (later?.lastSeenAt.getTime() ?? 0)).toBeLessThan(30_000);
    // The author's own entry is untouched by the reader's openings.
    expect((await lastSeen(author.session.user.id, summaryId))[0]?.generatedAt).not.toBeNull();
  });

  it('answers a reopening past the minute from memory, and records it and reads the rating behind it', async () => {
    const { reader, readerId, summaryId, feedbackOf, aMinuteLater } =
      await openedOnAHeldClock('Essentialism');
    // Meanwhile, the reader rates it through another instance, and two minutes pass.
    const rated = await context.app.inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/feedback`,
      headers: bearer(reader.session),
      payload: { vote: 'up' },
    });
    expect(rated.statusCode, rated.body).toBeLessThan(300);
    await aMinuteLater();

    // The reopening is answered from what this instance kept...
    expect(await feedbackOf()).toBeNull();
    // ...while the state is loaded again behind it: the opening is recorded, and the rating shows.
    await openingRecordedNow(readerId, summaryId);
    await expect.poll(feedbackOf).toEqual({ vote: 'up', comment: null });
  });

  // PGlite has one connection: a row held in one transaction would hold every other statement too.
  it.skipIf(kind === 'pglite')(
    'keeps a rating given while the state is loaded again behind a read, not what that load read before it',
    async () => {
      const { readerId, summaryId, summaries, feedbackOf, aMinuteLater } =
        await openedOnAHeldClock('The ONE Thing');
      await aMinuteLater();

      // The history entry is held, so the load behind the next read waits, with its rating read
      // before the one given meanwhile.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let held = () => {};
      const holding = new Promise<void>((resolve) => (held = resolve));
      const holder = context.database.db.transaction(async (tx) => {
        await tx.select().from(userSummaries).where(entryOf(readerId, summaryId)).for('update');
        held();
        await released;
      });
      await holding;
      expect(await feedbackOf()).toBeNull();
      await summaries.rate(readerId, summaryId, { vote: 'up' });
      release();
      await holder;
      // The load finished (it recorded the reopening)...
      await openingRecordedNow(readerId, summaryId);
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

  it('opens for several readers at once in one statement, each with their own rating, a reader gone among them', async () => {
    const author = await signUpTestUser(context.app);
    const [rater, first, second, gone] = await Promise.all(
      Array.from({ length: 4 }, () => signUpTestUser(context.app)),
    );
    const summaryId = await api.summaryFor(author, 'Range');
    await freshRead(rater!.session.user.id, summaryId);
    const rated = await context.app.inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/feedback`,
      headers: bearer(rater!.session),
      payload: { vote: 'up', comment: 'Clear.' },
    });
    expect(rated.statusCode, rated.body).toBeLessThan(300);
    // Their session could still be trusted for a few seconds after their account went.
    await context.database.db.delete(users).where(eq(users.id, gone!.session.user.id));

    const readers = [rater!, first!, second!, gone!].map((reader) => reader.session.user.id);
    // The fewest of three tries, each on a service of its own (nothing of the readers in memory):
    // the app's background work on the same database only adds statements.
    let fewest = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const summaries = new SummariesService({ db: context.database.db, plan });
      await summaries.read(author.session.user.id, summaryId); // the summary itself kept in memory
      const before = context.database.poolStats().statements;
      const views = await Promise.all(readers.map((userId) => summaries.read(userId, summaryId)));
      fewest = Math.min(fewest, context.database.poolStats().statements - before);
      const feedback = views.map((view) => summarySchema.parse(JSON.parse(view)).feedback);
      expect(feedback).toEqual([{ vote: 'up', comment: 'Clear.' }, null, null, null]);
    }
    expect(fewest).toBe(1);
    for (const userId of readers.slice(1, 3)) expect(await lastSeen(userId, summaryId)).toHaveLength(1);
    expect(await lastSeen(gone!.session.user.id, summaryId)).toEqual([]);
  });
});
