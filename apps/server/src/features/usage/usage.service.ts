import { FREE_PLAN_LIMITS, type PlanType } from '@summa/shared';
import type { Database } from '../../db/database.js';
import type { ReaderPlan } from '../../ports/reader-plan.js';
import type { SummaryQuota } from '../../ports/summary-quota.js';
import {
  findPlan,
  findUsage,
  holdSummary,
  releaseAllHolds,
  releaseHold,
  renewHold,
  settleHeldSummary,
} from './usage.repository.js';

/** The calendar month (UTC) that usage counts against: 'YYYY-MM'. */
export function monthKeyOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

const summariesLimitOf = (plan: PlanType) => (plan === 'premium' ? null : FREE_PLAN_LIMITS.summariesPerMonth);
const audiosLimitOf = (plan: PlanType) => (plan === 'premium' ? null : FREE_PLAN_LIMITS.audiosPerMonth);

/** The usage feature: the SummaryQuota and ReaderPlan ports (bound in app.ts) and /api/me/usage. */
export interface UsageService extends SummaryQuota, ReaderPlan {
  /** At the start of a single-process database every hold is dead: drops them; returns how many. */
  releaseAllHolds(): Promise<number>;
}

export interface UsageOptions {
  /** How long a hold counts without renewal (the generation lease's length). */
  holdMs: number;
  now?: () => Date;
}

export function createUsageService(db: Database, options: UsageOptions): UsageService {
  const now = options.now ?? (() => new Date());
  const { holdMs } = options;
  return {
    holdMs,
    async planOf(userId) {
      return findPlan(db, userId);
    },
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
      const id = await holdSummary(db, userId, monthKey, summariesLimitOf(plan), holdMs);
      return id === undefined ? undefined : { id, userId, monthKey };
    },
    async renewSummary(reservation) {
      await renewHold(db, reservation.id, holdMs);
    },
    async chargeSummary(reservation, deliver) {
      return settleHeldSummary(db, reservation, deliver);
    },
    async releaseSummary(reservation) {
      await releaseHold(db, reservation.id);
    },
    async releaseAllHolds() {
      return releaseAllHolds(db);
    },
  };
}
