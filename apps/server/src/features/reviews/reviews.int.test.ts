import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REVIEW_XP, type DueReviews, type ReviewGradeResult } from '@summa/shared';
import { reviewCards, xpAwards } from '../../db/schema/index.js';
import { useAppWithFakeModels } from '../../test/app-with-fake-models.js';
import { gamificationClient } from '../../test/gamification-client.js';
import { TEST_DATABASES } from '../../test/test-app.js';
import {
  bearer,
  signUpTestAdmin,
  signUpTestUser,
  uniqueEmail,
  type TestUser,
} from '../../test/test-users.js';

const DAY_MS = 86_400_000;

describe.each(TEST_DATABASES)('review cards on %s', (kind) => {
  // The reviews' and awards' clock: each test moves it across days from where it is.
  let now = Date.now();
  const adminEmail = uniqueEmail('review-admin');
  const context = useAppWithFakeModels(kind, {
    clock: () => new Date(now),
    env: { ADMIN_EMAILS: adminEmail },
  });
  const api = gamificationClient(() => context.app);

  const due = (user: TestUser | null) =>
    context.app.inject({
      method: 'GET',
      url: '/api/reviews/due',
      headers: user ? bearer(user.session) : {},
    });
  const dueOf = async (user: TestUser): Promise<DueReviews> => {
    const response = await due(user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DueReviews>();
  };
  const grade = (user: TestUser | null, cardId: string, payload: unknown) =>
    context.app.inject({
      method: 'POST',
      url: `/api/reviews/${cardId}`,
      headers: { ...(user ? bearer(user.session) : {}), 'accept-language': 'es' },
      payload: payload as object,
    });
  const graded = async (user: TestUser, cardId: string, value: number): Promise<ReviewGradeResult> => {
    const response = await grade(user, cardId, { grade: value });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReviewGradeResult>();
  };
  const cardRow = async (cardId: string) => {
    const [row] = await context.database.db.select().from(reviewCards).where(eq(reviewCards.id, cardId));
    return row;
  };

  it('answers 401 without a session, for the due cards and a grade', async () => {
    expect((await due(null)).statusCode).toBe(401);
    const response = await grade(null, '0b9e7c1a-6f0d-4b8e-9a51-3c2d7e4f8a10', { grade: 3 });
    expect(response.statusCode).toBe(401);
  });

  it("makes a reader's cards from their history's summaries, in the summary's language, and no one else's", async () => {
    const reader = await signUpTestUser(context.app);
    expect(await dueOf(reader)).toEqual({ cards: [], dueCount: 0, totalCards: 0, nextDue: null });

    const summaryId = await api.summaryFor(reader, 'Deep Work', 'pt');
    const { cards, dueCount, totalCards } = await dueOf(reader);
    const summary = (
      await context.app.inject({
        method: 'GET',
        url: `/api/summaries/${summaryId}`,
        headers: bearer(reader.session),
      })
    ).json<{ content: { keyIdeas: { title: string; explanation: string }[]; actions: string[] } }>();
    const { keyIdeas, actions } = summary.content;
    expect(totalCards).toBe(keyIdeas.length + actions.length);
    expect(dueCount).toBe(totalCards);
    expect(cards.length).toBe(Math.min(20, totalCards));
    expect(cards[0]).toMatchObject({
      summaryId,
      language: 'pt',
      kind: 'idea',
      front: keyIdeas[0]?.title,
      back: keyIdeas[0]?.explanation,
      isNew: true,
    });
    const action = cards.find((card) => card.kind === 'action');
    expect(action).toMatchObject({ front: null, back: actions[0] });

    // Asking again makes no second set.
    expect((await dueOf(reader)).totalCards).toBe(totalCards);
    // Another reader has none: the summary is not in their history.
    const other = await signUpTestUser(context.app);
    expect((await dueOf(other)).totalCards).toBe(0);
  });

  it("answers 404 for another reader's card and changes nothing", async () => {
    const owner = await signUpTestUser(context.app);
    await api.summaryFor(owner, 'Atomic Habits');
    const [card] = (await dueOf(owner)).cards;
    if (!card) throw new Error('no card');
    const before = await cardRow(card.id);
    const stranger = await signUpTestUser(context.app);
    const response = await grade(stranger, card.id, { grade: 4 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(await cardRow(card.id)).toEqual(before);
    expect((await api.me(stranger)).progress.xp).toBe(0);
    // An id that is no card at all, and one that is no id.
    expect((await grade(owner, '0b9e7c1a-6f0d-4b8e-9a51-3c2d7e4f8a10', { grade: 3 })).statusCode).toBe(404);
    expect((await grade(owner, 'not-a-card', { grade: 3 })).statusCode).toBe(400);
  });

  it('refuses a bad grade with 400 in the caller’s language, and nothing changes', async () => {
    const reader = await signUpTestUser(context.app);
    await api.summaryFor(reader, 'The Power of Habit');
    const [card] = (await dueOf(reader)).cards;
    if (!card) throw new Error('no card');
    const before = await cardRow(card.id);
    const xpBefore = (await api.me(reader)).progress.xp;
    for (const payload of [{ grade: 0 }, { grade: 5 }, { grade: 2.5 }, { grade: '3' }, {}]) {
      const response = await grade(reader, card.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<{ error: { code: string; message: string } }>();
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.message).not.toMatch(/invalid/i);
    }
    expect(await cardRow(card.id)).toEqual(before);
    expect((await api.me(reader)).progress.xp).toBe(xpBefore);
  });

  it('gives XP once per card per day, moves FSRS due dates, and unlocks the first review', async () => {
    const reader = await signUpTestUser(context.app);
    await api.summaryFor(reader, 'Thinking, Fast and Slow');
    const [card, second] = (await dueOf(reader)).cards;
    if (!card || !second) throw new Error('no cards');

    const first = await graded(reader, card.id, 3);
    expect(first.award.xpAwarded).toBe(REVIEW_XP);
    expect(first.award.achievements.map((item) => item.key)).toContain('first_review');
    // A new card graded Good is seen again within the day (FSRS's learning step), later than now.
    const dueAfterFirst = Date.parse(first.due);
    expect(dueAfterFirst).toBeGreaterThan(now);
    expect(dueAfterFirst - now).toBeLessThan(DAY_MS);
    expect(await cardRow(card.id)).toMatchObject({ reps: 1, state: 1 });
    // The card left the due list until then.
    expect((await dueOf(reader)).cards.map((item) => item.id)).not.toContain(card.id);

    // The same card again today: scheduled again, no XP.
    now = dueAfterFirst + 1_000;
    const again = await graded(reader, card.id, 4);
    expect(again.award.xpAwarded).toBe(0);
    expect(Date.parse(again.due) - now).toBeGreaterThan(DAY_MS);
    expect(await cardRow(card.id)).toMatchObject({ reps: 2, state: 2 });

    // Another card today: its own XP.
    expect((await graded(reader, second.id, 1)).award.xpAwarded).toBe(REVIEW_XP);

    // Once due again on a later day, the card earns again.
    now = Date.parse(again.due) + 1_000;
    expect((await dueOf(reader)).cards.map((item) => item.id)).toContain(card.id);
    const later = await graded(reader, card.id, 3);
    expect(later.award.xpAwarded).toBe(REVIEW_XP);
    // Good on a review card schedules it further than the last interval.
    expect(Date.parse(later.due) - now).toBeGreaterThan(Date.parse(again.due) - dueAfterFirst);

    const awards = await context.database.db
      .select({ subject: xpAwards.subject })
      .from(xpAwards)
      .where(and(eq(xpAwards.userId, reader.session.user.id), eq(xpAwards.eventType, 'review_card')));
    expect(awards).toHaveLength(3);
    const progress = (await api.me(reader)).progress;
    expect(progress.today).toMatchObject({ goal: 'summary' });
  });

  it('counts a review streak of 7 days and 20 cards as the day’s goal, which keeps the streak', async () => {
    const reader = await signUpTestUser(context.app);
    expect((await api.patchProfile(reader, { dailyGoal: 'cards' })).statusCode).toBe(200);
    await api.summaryFor(reader, 'Sapiens');
    await api.summaryFor(reader, 'Outliers');
    await api.summaryFor(reader, 'Grit');
    // Generating no longer meets the day: the goal is 20 cards.
    let progress = (await api.me(reader)).progress;
    expect(progress.today).toEqual({ goal: 'cards', done: 0, target: 20, met: false });
    expect(progress.streak).toMatchObject({ current: 0, today: false });

    let unlocked: string[] = [];
    for (let day = 0; day < 7; day += 1) {
      const { cards } = await dueOf(reader);
      const today = day === 0 ? cards.slice(0, 20) : cards.slice(0, 1);
      expect(today.length).toBeGreaterThan(0);
      for (const card of today) {
        const result = await graded(reader, card.id, 3);
        unlocked = [...unlocked, ...result.award.achievements.map((item) => item.key)];
        progress = result.award.progress;
      }
      if (day === 0) {
        expect(progress.today).toEqual({ goal: 'cards', done: 20, target: 20, met: true });
        expect(progress.streak).toMatchObject({ current: 1, today: true });
      }
      now += DAY_MS;
    }
    expect(unlocked).toContain('review_streak_7');
    // One card a day met no goal after the first (no freeze held yet): the streak ended.
    expect(progress.today).toMatchObject({ done: 1, met: false });
    expect(progress.streak.current).toBe(0);
  });

  it("takes a removed summary's cards away with it", async () => {
    const admin = await signUpTestAdmin(context.app, { email: adminEmail });
    const reader = await signUpTestUser(context.app);
    const summaryId = await api.summaryFor(reader, 'Mindset');
    const { totalCards, cards } = await dueOf(reader);
    expect(totalCards).toBeGreaterThan(0);
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/admin/summaries/${summaryId}`,
      headers: bearer(admin.session),
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await dueOf(reader)).toMatchObject({ cards: [], totalCards: 0 });
    const [left] = await context.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(reviewCards)
      .where(eq(reviewCards.summaryId, summaryId));
    expect(left?.total).toBe(0);
    expect((await grade(reader, cards[0]?.id ?? '', { grade: 3 })).statusCode).toBe(404);
  });
});
