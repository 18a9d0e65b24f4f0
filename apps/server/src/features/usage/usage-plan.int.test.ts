import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PLAN_LIMITS } from '@summa/shared';
import { premiumGrants, usageCounters, userSubscriptions } from '../../db/schema/index.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { confirmTestUser, signUpTestUser } from '../../test/test-users.js';
import { monthKeyOf, UsageService } from './usage.service.js';

// A hold reads the reader's plan with their locked counter row, and the usage answer reads the
// plan with the counts, each in one statement: a plan change shows at the very next one.
describe.each(TEST_DATABASES)('the plan read with the counts on %s', (kind) => {
  let context: TestContext;
  let quota: UsageService;
  beforeAll(async () => {
    context = await createTestApp(kind);
    quota = new UsageService({ db: context.database.db, holdMs: 60_000 });
  });
  afterAll(async () => {
    await context.close();
  });

  it("holds the month's first units up to Free's limit under concurrency, and no more", async () => {
    const user = await signUpTestUser(context.app);
    const userId = user.session.user.id;
    const limit = FREE_PLAN_LIMITS.summariesPerMonth;
    // No counter row yet: the racing requests make one, and count against it one at a time.
    const attempts = await Promise.all(
      Array.from({ length: limit + 15 }, (_, index) =>
        quota.reserve(userId, 'summary', { item: `b${index}` }),
      ),
    );
    expect(attempts.filter((reservation) => reservation !== undefined)).toHaveLength(limit);
    const counters = await context.database.db
      .select()
      .from(usageCounters)
      .where(eq(usageCounters.userId, userId));
    expect(counters).toHaveLength(1);
    expect(await quota.usage(userId)).toMatchObject({
      plan: 'free',
      summariesUsed: limit,
      summariesLimit: limit,
      audiosUsed: 0,
      audiosLimit: FREE_PLAN_LIMITS.audiosPerMonth,
    });
  });

  it('follows a plan change at the next hold and the next usage answer', async () => {
    const user = await signUpTestUser(context.app);
    const userId = user.session.user.id;
    const { db } = context.database;
    await db.insert(usageCounters).values({
      userId,
      monthKey: monthKeyOf(new Date()),
      summariesUsed: FREE_PLAN_LIMITS.summariesPerMonth,
      audiosUsed: 2,
    });
    expect(await quota.reserve(userId, 'summary')).toBeUndefined();

    await db.update(userSubscriptions).set({ plan: 'premium' }).where(eq(userSubscriptions.userId, userId));
    expect(await quota.reserve(userId, 'summary')).toBeDefined();
    expect(await quota.usage(userId)).toMatchObject({
      plan: 'premium',
      summariesUsed: FREE_PLAN_LIMITS.summariesPerMonth + 1,
      summariesLimit: null,
      audiosUsed: 2,
      audiosLimit: null,
    });

    await db.update(userSubscriptions).set({ plan: 'free' }).where(eq(userSubscriptions.userId, userId));
    expect(await quota.reserve(userId, 'summary')).toBeUndefined();
    expect(await quota.usage(userId)).toMatchObject({ plan: 'free' });

    // An admin grant counts once the address is proven (db/effective-plan.ts), in both statements.
    await db.insert(premiumGrants).values({ userId });
    expect(await quota.reserve(userId, 'summary')).toBeUndefined();
    expect(await quota.usage(userId)).toMatchObject({ plan: 'free' });
    await confirmTestUser(context.app, user.email);
    expect(await quota.reserve(userId, 'summary')).toBeDefined();
    expect(await quota.usage(userId)).toMatchObject({ plan: 'premium', summariesLimit: null });
  });
});
