import { FREE_PLAN_LIMITS, type PlanType } from '@summa/shared';
import type { Database } from '../../db/database.js';
import type { ReaderPlan } from '../../ports/reader-plan.js';
import type { UsageKind, UsageQuota } from '../../ports/usage-quota.js';
import {
  findPlan,
  findUsage,
  hold,
  releaseAllHolds,
  releaseHold,
  renewHold,
  settleHold,
} from './usage.repository.js';

/** The calendar month (UTC) that usage counts against: 'YYYY-MM'. */
export function monthKeyOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The plan's monthly ceiling for `kind`; null: none (Premium). */
function limitOf(plan: PlanType, kind: UsageKind): number | null {
  if (plan === 'premium') return null;
  return kind === 'summary' ? FREE_PLAN_LIMITS.summariesPerMonth : FREE_PLAN_LIMITS.audiosPerMonth;
}

/** The usage feature: the UsageQuota and ReaderPlan ports (bound in app.ts) and /api/me/usage. */
export interface UsageService extends UsageQuota, ReaderPlan {
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
        summariesLimit: limitOf(plan, 'summary'),
        audiosUsed: used.audiosUsed,
        audiosLimit: limitOf(plan, 'audio'),
      };
    },
    async reserve(userId, kind) {
      const monthKey = monthKeyOf(now());
      const plan = await findPlan(db, userId);
      const id = await hold(db, { userId, monthKey, kind }, limitOf(plan, kind), holdMs);
      return id === undefined ? undefined : { id, userId, monthKey, kind };
    },
    async renew(reservation) {
      await renewHold(db, reservation.id, holdMs);
    },
    async charge(reservation, deliver) {
      return settleHold(db, reservation, deliver);
    },
    async release(reservation) {
      await releaseHold(db, reservation.id);
    },
    async releaseAllHolds() {
      return releaseAllHolds(db);
    },
  };
}
