import { describe, expect, it } from 'vitest';
import { usageCounters, usageReservations } from '../../db/schema/index.js';
import { createTestApp, TEST_DATABASES } from '../../test/test-app.js';
import { signUpReaderWhoUsed } from '../../test/test-users.js';
import { UsageService } from './usage.service.js';

describe.each(TEST_DATABASES)('a usage hold on %s', (kind) => {
  it('counts against the limit while renewed, and stops counting once its holder stops renewing it', async () => {
    const context = await createTestApp(kind);
    try {
      const user = await signUpReaderWhoUsed(context.app, { summariesUsed: 9 });
      const userId = user.session.user.id;
      const quota = new UsageService({ db: context.database.db, holdMs: 800 });
      const held = await quota.reserve(userId, 'summary');
      expect(held).toBeDefined();
      expect((await quota.usage(userId)).summariesUsed).toBe(10);
      expect(await quota.reserve(userId, 'summary')).toBeUndefined();
      await quota.renew(held!);
      // Its holder died: nobody renews it, and after its time it neither counts nor blocks.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await quota.usage(userId)).summariesUsed).toBe(9);
      const next = await quota.reserve(userId, 'summary');
      expect(next).toBeDefined();
      // Charging happens only with the delivery, in its transaction.
      await quota.charge(next!, async () => false);
      expect((await quota.usage(userId)).summariesUsed).toBe(9);
      const last = await quota.reserve(userId, 'summary');
      await quota.charge(last!, async () => true);
      expect((await quota.usage(userId)).summariesUsed).toBe(10);
      // Settled holds are gone, and the lapsed one went with the next hold.
      expect(await context.database.db.select().from(usageReservations)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('counts audios apart from summaries: ten a month on Free, at once under concurrency, charged only on delivery', async () => {
    const context = await createTestApp(kind);
    try {
      const user = await signUpReaderWhoUsed(context.app, { summariesUsed: 10, audiosUsed: 7 });
      const userId = user.session.user.id;
      const quota = new UsageService({ db: context.database.db, holdMs: 60_000 });
      // Ten summaries used do not stop an audio; twenty racing requests get the three audios left.
      const attempts = await Promise.all(Array.from({ length: 20 }, () => quota.reserve(userId, 'audio')));
      const held = attempts.filter((reservation) => reservation !== undefined);
      expect(held).toHaveLength(3);
      expect(await quota.usage(userId)).toMatchObject({ summariesUsed: 10, audiosUsed: 10, audiosLimit: 10 });
      const [delivered, failed, left] = held;
      // Each charge answers the month's use after it, the other live holds counted with it.
      const charged = await quota.charge(delivered!, async () => true);
      expect(charged).toEqual({ delivered: true, usage: await quota.usage(userId) });
      expect(charged.usage).toMatchObject({ summariesUsed: 10, audiosUsed: 10, plan: 'free' });
      const refused = await quota.charge(failed!, async () => false);
      expect(refused).toEqual({ delivered: false, usage: await quota.usage(userId) });
      expect(refused.usage.audiosUsed).toBe(9);
      await quota.release(left!);
      expect(await quota.usage(userId)).toMatchObject({ summariesUsed: 10, audiosUsed: 8 });
      const [counter] = await context.database.db.select().from(usageCounters);
      expect(counter).toMatchObject({ summariesUsed: 10, audiosUsed: 8 });
    } finally {
      await context.close();
    }
  }, 60_000);
});
