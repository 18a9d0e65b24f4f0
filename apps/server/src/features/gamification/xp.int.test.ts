import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LEVEL_UP_REWARD_XP, type AchievementsResponse } from '@summa/shared';
import { readerProgress, xpAwards } from '../../db/schema/index.js';
import { useAppWithFakeModels } from '../../test/app-with-fake-models.js';
import { TEST_DATABASES } from '../../test/test-app.js';
import { bearer, signUpTestUser } from '../../test/test-users.js';
import { gamificationClient } from '../../test/gamification-client.js';

describe.each(TEST_DATABASES)('XP events on %s', (kind) => {
  const context = useAppWithFakeModels(kind);
  const api = gamificationClient(() => context.app);

  const awardsOf = async (userId: string, eventType: string) => {
    const [row] = await context.database.db
      .select({ total: count() })
      .from(xpAwards)
      .where(and(eq(xpAwards.userId, userId), eq(xpAwards.eventType, eventType)));
    return row?.total ?? 0;
  };

  it('awards a first read once, counts the book, and celebrates what the generation unlocked', async () => {
    const reader = await signUpTestUser(context.app);
    const summaryId = await api.summaryFor(reader, 'Deep Work');
    // The generation counted, but nothing was awarded for it yet.
    expect((await api.me(reader)).progress).toMatchObject({ summariesGenerated: 1, booksRead: 0 });

    const first = await api.award(reader, 'read_summary', summaryId);
    expect(first).toMatchObject({ xpAwarded: 10, levelUpBonus: 0, leveled_up: false, new_level: 1 });
    expect(first.achievements.map((item) => item.key).sort()).toEqual(['first_read', 'first_summary']);
    // 10 for the read, 20 for the first summary, 10 for the first read.
    expect(first.new_xp).toBe(40);
    expect(first.progress).toMatchObject({
      xp: 40,
      booksRead: 1,
      summariesGenerated: 1,
      achievementsUnlocked: 2,
    });
    expect(first.progress.streak).toMatchObject({ current: 1, longest: 1, today: true });

    const again = await api.award(reader, 'read_summary', summaryId);
    expect(again).toMatchObject({ xpAwarded: 0, new_xp: 40, achievements: [] });
    expect(again.progress.booksRead).toBe(1);
  });

  it('gives one award for the same event sent 100 times at once', async () => {
    const author = await signUpTestUser(context.app);
    const summaryId = await api.summaryFor(author, 'The Lean Startup');
    const reader = await signUpTestUser(context.app);
    await api.open(reader, summaryId);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => api.award(reader, 'read_summary', summaryId)),
    );
    expect(results.filter((result) => result.xpAwarded > 0)).toHaveLength(1);
    expect(await awardsOf(reader.session.user.id, 'read_summary')).toBe(1);
    const [row] = await context.database.db
      .select()
      .from(readerProgress)
      .where(eq(readerProgress.userId, reader.session.user.id));
    expect(row).toMatchObject({ xp: 20, booksRead: 1, streakCurrent: 1 });
    // Every answer saw a consistent total, and the first_read achievement was celebrated once.
    expect(results.every((result) => result.new_xp === 10 || result.new_xp === 20)).toBe(true);
    expect(results.flatMap((result) => result.achievements)).toHaveLength(1);
  });

  it('awards a read made offline once when it is sent on reconnecting, though two tabs send it, one twice, with an amount of their own', async () => {
    // A reader opened a summary (it is in their history) and kept it on their device; they read
    // it again offline, and the app queued the read (ADR 0036) for when the network returns.
    const author = await signUpTestUser(context.app);
    const summaryId = await api.summaryFor(author, 'Thinking, Fast and Slow');
    const reader = await signUpTestUser(context.app);
    await api.open(reader, summaryId);
    const replay = () =>
      context.app.inject({
        method: 'POST',
        url: '/api/xp',
        headers: bearer(reader.session),
        // The client's word on the amount is not taken: the server's table decides.
        payload: { eventType: 'read_summary', subjectId: summaryId, xp: 1000 },
      });

    const [first, second] = await Promise.all([replay(), replay()]);
    const third = await replay();
    const answers = [first, second, third].map((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ xpAwarded: number }>();
    });
    expect(answers.map((answer) => answer.xpAwarded).sort()).toEqual([0, 0, 10]);
    expect(await awardsOf(reader.session.user.id, 'read_summary')).toBe(1);
    // 10 for the read, 10 for the first_read achievement: nothing more however often it comes.
    expect((await api.me(reader)).progress).toMatchObject({ xp: 20, booksRead: 1 });
  });

  it("awards nothing for a summary outside the reader's history, until they open it", async () => {
    const author = await signUpTestUser(context.app);
    const summaryId = await api.summaryFor(author, 'Atomic Habits');
    const farmer = await signUpTestUser(context.app);
    for (const eventType of ['read_summary', 'share_summary', 'feedback_given', 'audio_generated']) {
      const response = await api.xpEvent(farmer, eventType, summaryId);
      expect(response.statusCode, eventType).toBe(404);
    }
    const progress = (await api.me(farmer)).progress;
    expect(progress).toMatchObject({ xp: 0, booksRead: 0, achievementsUnlocked: 0 });
    expect(await awardsOf(farmer.session.user.id, 'read_summary')).toBe(0);

    // Opening it through the usual flow (a shared link, Explore) puts it in their history.
    await api.open(farmer, summaryId);
    expect((await api.award(farmer, 'read_summary', summaryId)).xpAwarded).toBe(10);
    expect((await api.award(farmer, 'share_summary', summaryId)).xpAwarded).toBe(15);
  });

  it('refuses unknown subjects, unknown events and visitors, changing nothing', async () => {
    const reader = await signUpTestUser(context.app);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await api.xpEvent(reader, 'read_summary', missing)).statusCode).toBe(404);
    expect((await api.xpEvent(reader, 'share_summary', missing)).statusCode).toBe(404);
    const summaryId = await api.summaryFor(reader, 'Range');
    const unknown = await api.xpEvent(reader, 'level_up', summaryId);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    expect((await api.xpEvent(reader, 'read_summary', 'not-a-uuid')).statusCode).toBe(400);
    // No rating and no audio yet: nothing to award.
    expect((await api.xpEvent(reader, 'feedback_given', summaryId)).statusCode).toBe(404);
    expect((await api.xpEvent(reader, 'audio_generated', summaryId)).statusCode).toBe(404);
    const visitor = await context.app.inject({
      method: 'POST',
      url: '/api/xp',
      payload: { eventType: 'read_summary', subjectId: summaryId },
    });
    expect(visitor.statusCode).toBe(401);
    // A forged amount is not part of the contract: the server's table decides.
    const forged = await context.app.inject({
      method: 'POST',
      url: '/api/xp',
      headers: bearer(reader.session),
      payload: { eventType: 'read_summary', subjectId: summaryId, xp: 100_000 },
    });
    expect(forged.json()).toMatchObject({ xpAwarded: 10 });
    const awarded = await context.database.db
      .select({ total: sql<number>`sum(${xpAwards.xp})`.mapWith(Number) })
      .from(xpAwards)
      .where(eq(xpAwards.userId, reader.session.user.id));
    expect(awarded[0]?.total).toBe((await api.me(reader)).progress.xp);
  });

  it('awards feedback once it is given, and a share once per summary', async () => {
    const reader = await signUpTestUser(context.app);
    const summaryId = await api.summaryFor(reader, 'Grit');
    const rated = await context.app.inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/feedback`,
      headers: bearer(reader.session),
      payload: { vote: 'up' },
    });
    expect(rated.statusCode).toBe(204);
    const feedback = await api.award(reader, 'feedback_given', summaryId);
    expect(feedback.xpAwarded).toBe(5);
    expect(feedback.achievements.map((item) => item.key)).toContain('first_feedback');
    const shared = await api.award(reader, 'share_summary', summaryId);
    expect(shared.xpAwarded).toBe(15);
    expect(shared.achievements.map((item) => item.key)).toEqual(['first_share']);
    expect((await api.award(reader, 'share_summary', summaryId)).xpAwarded).toBe(0);
  });

  it('levels up once, with a bonus of 100 awarded once per level', async () => {
    const reader = await signUpTestUser(context.app);
    const books = ['Mindset', 'Essentialism', 'Drive'];
    const ids = [];
    for (const title of books) ids.push(await api.summaryFor(reader, title));
    const results = [];
    for (const id of ids) {
      results.push(await api.award(reader, 'read_summary', id));
      results.push(await api.award(reader, 'share_summary', id));
    }
    const leveled = results.filter((result) => result.leveled_up);
    expect(leveled).toHaveLength(1);
    expect(leveled[0]).toMatchObject({ new_level: 2, levelUpBonus: LEVEL_UP_REWARD_XP });
    expect(leveled[0]?.achievements.map((item) => item.key)).toContain('level_learner');
    expect(await awardsOf(reader.session.user.id, 'level_up')).toBe(1);
    const { progress } = await api.me(reader);
    expect(progress.level).toBe(2);
    // 3 reads, 3 shares, first summary, first read, first share, the level bonus and its achievement.
    expect(progress.xp).toBe(3 * 10 + 3 * 15 + 20 + 10 + 15 + 100 + 25);
  });

  it('lists every achievement with progress toward the locked ones', async () => {
    const reader = await signUpTestUser(context.app);
    const summaryId = await api.summaryFor(reader, 'Influence');
    await api.award(reader, 'read_summary', summaryId);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/achievements',
      headers: bearer(reader.session),
    });
    const { achievements } = response.json<AchievementsResponse>();
    expect(achievements.length).toBeGreaterThanOrEqual(20);
    expect(achievements.find((item) => item.key === 'first_summary')).toMatchObject({
      current: 1,
      target: 1,
    });
    expect(achievements.find((item) => item.key === 'first_summary')?.unlockedAt).not.toBeNull();
    expect(achievements.find((item) => item.key === 'summaries_5')).toMatchObject({
      current: 1,
      target: 5,
      unlockedAt: null,
    });
    expect(achievements.find((item) => item.key === 'streak_3')).toMatchObject({ current: 1, target: 3 });
    // A level's progress is counted in XP toward its threshold (40 XP of Master's 1,500).
    expect(achievements.find((item) => item.key === 'level_master')).toMatchObject({
      current: 40,
      target: 1500,
    });
  });
});
