import { FREE_PLAN_LIMITS, type PlanType } from '@summa/shared';
import type { Database } from '../../db/database.js';
import type { SummaryQuota } from '../../ports/summary-quota.js';
import { decrementSummaries, findPlan, findUsage, incrementSummaries } from './usage.repository.js';

/** The calendar month (UTC) that usage counts against: 'YYYY-MM'. */
export function monthKeyOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

const summariesLimitOf = (plan: PlanType) => (plan === 'premium' ? null : FREE_PLAN_LIMITS.summariesPerMonth);
const audiosLimitOf = (plan: PlanType) => (plan === 'premium' ? null : FREE_PLAN_LIMITS.audiosPerMonth);

/** The usage feature offers the SummaryQuota port (bound in app.ts) and serves /api/me/usage. */
export type UsageService = SummaryQuota;

export function createUsageService(db: Database, now: () => Date = () => new Date()): UsageService {
  return {
    async usage(userId) {
      const monthKey = monthKeyOf(now());
      const [plan, used] = await Promise.all([findPlan(db, userId), findUsage(db, userId, monthKey)]);
      return {
        plan,
        monthKey,
        summariesUsed: used.summariesUsed,
        summariesLimit: summariesLimitOf(plan),
        audiosUsed: used.audiosUsed,
        audiosLimit: audiosLimitOf(plan),
      };
    },
    async reserveSummary(userId) {
      const monthKey = monthKeyOf(now());
      const plan = await findPlan(db, userId);
      const counted = await incrementSummaries(db, userId, monthKey, summariesLimitOf(plan));
      return counted === undefined ? undefined : { userId, monthKey };
    },
    async refundSummary({ userId, monthKey }) {
      await decrementSummaries(db, userId, monthKey);
    },
  };
}
