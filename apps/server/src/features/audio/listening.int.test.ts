import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ListeningResult } from '@summa/shared';
import { bookAudio } from '../../db/schema/index.js';
import { useNarratingApp } from '../../test/narrating-app.js';
import { readerClient } from '../../test/reader-client.js';
import { TEST_DATABASES } from '../../test/test-app.js';
import { bearer, signUpTestUser, type TestUser } from '../../test/test-users.js';

// POST /api/summaries/:id/audio/listened (ADR 0033): seconds count toward the day's listening only
// as far as the server can check them.
describe.each(TEST_DATABASES)('listening reports on %s', (kind) => {
  let clock = new Date();
  const { context } = useNarratingApp(kind, () => ({ clock: () => clock }));
  const calls = readerClient(() => context.app);

  const report = (user: TestUser | undefined, summaryId: string, payload: unknown) =>
    context.app.inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/audio/listened`,
      headers: user ? bearer(user.session) : {},
      payload: payload as object,
    });
  const narrate = async (user: TestUser, summaryId: string) => {
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/audio`,
      headers: bearer(user.session),
      payload: { language: 'en' },
    });
    expect(response.statusCode).toBe(200);
  };
  /** The narration's length in whole seconds, as the server caps a day's listening. */
  const lengthOf = async (summaryId: string) => {
    const [row] = await context.database.db
      .select({ ms: sql<number>`coalesce(sum(${bookAudio.durationMs}), 0)`.mapWith(Number) })
      .from(bookAudio)
      .where(eq(bookAudio.bookSummaryId, summaryId));
    return Math.floor((row?.ms ?? 0) / 1000);
  };

  it('answers 401 without a session and 404 for a narration the reader does not have', async () => {
    const [reader, other] = await Promise.all([signUpTestUser(context.app), signUpTestUser(context.app)]);
    const summaryId = await calls.summaryFor(reader, 'Deep Work', 'Cal Newport');
    expect((await report(undefined, summaryId, { seconds: 10 })).statusCode).toBe(401);
    // The reader has the summary but not its narration yet.
    expect((await report(reader, summaryId, { seconds: 10 })).statusCode).toBe(404);
    await narrate(reader, summaryId);
    // Another reader's narration, and ids that are no summary.
    expect((await report(other, summaryId, { seconds: 10 })).statusCode).toBe(404);
    expect((await report(other, 'not-an-id', { seconds: 10 })).statusCode).toBe(404);
    expect((await report(other, crypto.randomUUID(), { seconds: 10 })).statusCode).toBe(404);
  });

  it('refuses a report out of range and counts nothing for it', async () => {
    const reader = await signUpTestUser(context.app);
    const summaryId = await calls.summaryFor(reader, 'Essentialism', 'Greg McKeown');
    await narrate(reader, summaryId);
    for (const payload of [{ seconds: 0 }, { seconds: 61 }, { seconds: 1.5 }, { seconds: '10' }, {}]) {
      const response = await report(reader, summaryId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    // Nothing was logged: a first report still counts in full (up to the narration's length).
    const length = await lengthOf(summaryId);
    const first = (await report(reader, summaryId, { seconds: 1 })).json<ListeningResult>();
    expect(first.counted).toBe(Math.min(1, length));
  });

  it('counts no more than the time since the last report, nor more than the narration a day', async () => {
    clock = new Date('2026-11-20T12:00:00Z');
    const reader = await signUpTestUser(context.app);
    const summaryId = await calls.summaryFor(reader, 'Mindset', 'Carol Dweck');
    await narrate(reader, summaryId);
    const length = await lengthOf(summaryId);
    expect(length).toBeGreaterThan(2);
    const counted = async (seconds: number) =>
      (await report(reader, summaryId, { seconds })).json<ListeningResult>().counted;

    let total = await counted(2);
    expect(total).toBe(2);
    // At once again: only the slack since the last report counts (a player's timer is not trusted).
    const atOnce = await counted(60);
    expect(atOnce).toBeLessThanOrEqual(2);
    total += atOnce;
    // A minute apart, full reports count until the day holds the narration's length, then nothing.
    for (let report = 0; report < Math.ceil(length / 60) + 2; report++) {
      clock = new Date(clock.getTime() + 60_000);
      total += await counted(60);
    }
    expect(total).toBe(length);
    // The next day counts again.
    clock = new Date(clock.getTime() + 24 * 3_600_000);
    expect(await counted(1)).toBe(1);
  });
});
