import { describe, expect, it } from 'vitest';
import { usageCounters, usageReservations } from '../../db/schema/index.js';
import { createTestApp, TEST_DATABASES } from '../../test/test-app.js';
import { signUpTestUser } from '../../test/test-users.js';
import { createUsageService, monthKeyOf } from './usage.service.js';

describe.each(TEST_DATABASES)('a summary hold on %s', (kind) => {
  it('counts against the limit while renewed, and stops counting once its holder stops renewing it', async () => {
    const context = await createTestApp(kind);
    try {
      const user = await signUpTestUser(context.app);
      const userId = user.session.user.id;
      await context.database.db
        .insert(usageCounters)
        .values({ userId, monthKey: monthKeyOf(new Date()), summariesUsed: 9 });
      const quota = createUsageService(context.database.db, { holdMs: 800 });
      const held = await quota.reserveSummary(userId);
      expect(held).toBeDefined();
      expect((await quota.usage(userId)).summariesUsed).toBe(10);
      expect(await quota.reserveSummary(userId)).toBeUndefined();
      await quota.renewSummary(held!);
      // Its holder died: nobody renews it, and after its time it neither counts nor blocks.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await quota.usage(userId)).summariesUsed).toBe(9);
      const next = await quota.reserveSummary(userId);
      expect(next).toBeDefined();
      // Charging happens only with the delivery, in its transaction.
      await quota.chargeSummary(next!, async () => false);
      expect((await quota.usage(userId)).summariesUsed).toBe(9);
      const last = await quota.reserveSummary(userId);
      await quota.chargeSummary(last!, async () => true);
      expect((await quota.usage(userId)).summariesUsed).toBe(10);
      // Settled holds are gone, and the lapsed one went with the next hold.
      expect(await context.database.db.select().from(usageReservations)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
