import { FREE_PLAN_LIMITS, type PlanType, type Usage } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { decrementSummaries, findPlan, findUsage, incrementSummaries } from './usage.repository.js';

/** The calendar month (UTC) that usage counts against: 'YYYY-MM'. */
export function monthKeyOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

const summariesLimitOf = (plan: PlanType) => (plan === 'premium' ? null : FREE_PLAN_LIMITS.summariesPerMonth);
const audiosLimitOf = (plan: PlanType) => (plan === 'premium' ? null : FREE_PLAN_LIMITS.audiosPerMonth);

/** A summary counted against a reader's month, which `refund` gives back. */
export interface SummaryReservation {
  readonly userId: string;
  readonly monthKey: string;
}

export interface UsageService {
  usage(userId: string): Promise<Usage>;
  /** Counts one summary; undefined when the plan's monthly limit is reached. */
  reserveSummary(userId: string): Promise<SummaryReservation | undefined>;
  refundSummary(reservation: SummaryReservation): Promise<void>;
}

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
