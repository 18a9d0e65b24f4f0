import { setTimeout as sleep } from 'node:timers/promises';
import { FREE_PLAN_LIMITS, type PlanType, type Usage } from '@summa/shared';
import type { Database } from '../../db/database.js';
import type { ReaderPlan } from '../../ports/reader-plan.js';
import type {
  Charge,
  ReserveOptions,
  UsageKind,
  UsageQuota,
  UsageReservation,
} from '../../ports/usage-quota.js';
import {
  confirmHold,
  findPlan,
  findUsage,
  hold,
  releaseAllHolds,
  releaseHold,
  renewHold,
  settleHold,
  type UsageRow,
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

/** The Usage answer of a plan and its counts. */
function usageOf(monthKey: string, { plan, summariesUsed, audiosUsed }: UsageRow): Usage {
  return {
    plan,
    monthKey,
    summariesUsed,
    summariesLimit: limitOf(plan, 'summary'),
    audiosUsed,
    audiosLimit: limitOf(plan, 'audio'),
  };
}

export interface UsageDeps {
  db: Database;
  /** How long a hold counts without renewal (the generation lease's length). */
  holdMs: number;
  now?: () => Date;
}

/** How often a request looks again at the reader's hold of its item while that hold is being admitted. */
const PENDING_POLL_MS = 20;

/** The usage feature: the UsageQuota and ReaderPlan ports (bound in the composition root) and /api/me/usage. */
export class UsageService implements UsageQuota, ReaderPlan {
  readonly holdMs: number;
  private readonly now: () => Date;

  constructor(private readonly deps: UsageDeps) {
    this.holdMs = deps.holdMs;
    this.now = deps.now ?? (() => new Date());
  }

  async planOf(userId: string): Promise<PlanType> {
    return findPlan(this.deps.db, userId);
  }

  async usage(userId: string): Promise<Usage> {
    const monthKey = monthKeyOf(this.now());
    // The plan and the counts in one statement (a round trip of four).
    return usageOf(monthKey, await findUsage(this.deps.db, userId, monthKey));
  }

  async reserve(
    userId: string,
    kind: UsageKind,
    { item, admit }: ReserveOptions = {},
  ): Promise<UsageReservation | undefined> {
    const { db } = this.deps;
    const { holdMs } = this;
    const monthKey = monthKeyOf(this.now());
    // The plan is read with the locked counter row, in the hold's first statement.
    const limit = (plan: PlanType) => limitOf(plan, kind);
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
  }

  async renew(reservation: UsageReservation): Promise<void> {
    await renewHold(this.deps.db, reservation.id, this.holdMs);
  }

  async charge(reservation: UsageReservation, deliver: (tx: Database) => Promise<boolean>): Promise<Charge> {
    const { delivered, usage } = await settleHold(this.deps.db, reservation, deliver);
    // A hold taken in the last moments of a month is charged to that month; the reader's answer
    // shows the month it now is.
    const monthKey = monthKeyOf(this.now());
    if (monthKey !== reservation.monthKey) return { delivered, usage: await this.usage(reservation.userId) };
    return { delivered, usage: usageOf(monthKey, usage) };
  }

  async release(reservation: UsageReservation): Promise<void> {
    await releaseHold(this.deps.db, reservation.id);
  }

  /** At the start of a single-process database every hold is dead: drops them; returns how many. */
  async releaseAllHolds(): Promise<number> {
    return releaseAllHolds(this.deps.db);
  }
}
