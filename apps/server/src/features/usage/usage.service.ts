import { setTimeout as sleep } from 'node:timers/promises';
import { FREE_PLAN_LIMITS, type PlanType } from '@summa/shared';
import type { Database } from '../../db/database.js';
import type { ReaderPlan } from '../../ports/reader-plan.js';
import type { UsageKind, UsageQuota, UsageReservation } from '../../ports/usage-quota.js';
import {
  confirmHold,
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

/** How often a request looks again at the reader's hold of its item while that hold is being admitted. */
const PENDING_POLL_MS = 20;

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
    async reserve(userId, kind, { item, admit } = {}) {
      const monthKey = monthKeyOf(now());
      const limit = limitOf(await findPlan(db, userId), kind);
      let admitted = admit === undefined;
      // A pending hold is confirmed or given back within moments, or lapses within holdMs (its
      // holder died): the loop ends by then.
      for (;;) {
        const held = await hold(db, { userId, monthKey, kind, item, pending: !admitted }, limit, holdMs);
        if (held.kind === 'full') return undefined;
        if (held.kind === 'pending') {
          await sleep(PENDING_POLL_MS);
          continue;
        }
        const reservation: UsageReservation = { id: held.id, userId, monthKey, kind, joined: held.joined };
        if (admitted || held.joined) return reservation;
        try {
          await admit?.();
        } catch (error) {
          // Should this fail too (the database is down), the hold lapses on its own.
          await releaseHold(db, held.id).catch(() => undefined);
          throw error;
        }
        admitted = true;
        // Admission outlasted the hold, which lapsed and went: hold again, without counting twice.
        if (await confirmHold(db, held.id, holdMs)) return reservation;
      }
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
