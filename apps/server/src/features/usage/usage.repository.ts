import { and, count, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { PlanType } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { effectivePlan } from '../../db/effective-plan.js';
import { usageCounters, usageReservations, users, userSubscriptions } from '../../db/schema/index.js';
import type { UsageKind, UsageReservation } from '../../ports/usage-quota.js';

/** The reader's plan now: Stripe's state, an admin grant, or a plan set by hand (db/effective-plan.ts). */
export async function findPlan(db: Database, userId: string): Promise<PlanType> {
  const [row] = await db
    .select({ plan: effectivePlan(users.id) })
    .from(users)
    .leftJoin(userSubscriptions, eq(userSubscriptions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.plan ?? 'free';
}

const heldUntil = (holdMs: number): SQL => sql`now() + make_interval(secs => ${holdMs / 1000})`;

const liveHolds = (userId: string, monthKey: string, kind: UsageKind) =>
  and(
    eq(usageReservations.userId, userId),
    eq(usageReservations.monthKey, monthKey),
    eq(usageReservations.kind, kind),
    gt(usageReservations.heldUntil, sql`now()`),
  );

/** What a reader used this month: charged, plus what is held while it is being made. */
export async function findUsage(
  db: Database,
  userId: string,
  monthKey: string,
): Promise<{ summariesUsed: number; audiosUsed: number }> {
  const [[row], [heldSummaries], [heldAudios]] = await Promise.all([
    db
      .select({ summariesUsed: usageCounters.summariesUsed, audiosUsed: usageCounters.audiosUsed })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), eq(usageCounters.monthKey, monthKey)))
      .limit(1),
    db
      .select({ held: count() })
      .from(usageReservations)
      .where(liveHolds(userId, monthKey, 'summary')),
    db
      .select({ held: count() })
      .from(usageReservations)
      .where(liveHolds(userId, monthKey, 'audio')),
  ]);
  return {
    summariesUsed: (row?.summariesUsed ?? 0) + (heldSummaries?.held ?? 0),
    audiosUsed: (row?.audiosUsed ?? 0) + (heldAudios?.held ?? 0),
  };
}

/** The counter column that a kind is charged to. */
const counterOf = (kind: UsageKind) =>
  kind === 'summary' ? usageCounters.summariesUsed : usageCounters.audiosUsed;

/** What `hold` did. */
export type HoldOutcome =
  /** A new hold, or (`joined`) the reader's live hold of the same item with one holder more. */
  | { kind: 'held'; id: string; joined: boolean }
  /**
   * The reader's hold of the same item is not joinable yet (still being admitted, or being let go):
   * ask again in a moment; it is confirmed or gone within moments, or lapses with its holder.
   */
  | { kind: 'pending' }
  /** Charged and held units reached the limit. */
  | { kind: 'full' };

export interface HoldRequest {
  userId: string;
  monthKey: string;
  kind: UsageKind;
  /** What the hold pays for; undefined: never shared. */
  item: string | undefined;
  /** Created with no holder yet, joinable once `confirmHold` counts its first (fair use passed). */
  pending: boolean;
}

/**
 * Joins the reader's live hold of the same item, or holds one unit of `kind` of the month unless
 * charged + live holds reach `limit` (null: no ceiling); clears the reader's lapsed holds of the
 * month. The counter row is locked first, so concurrent callers are serialised: at most `limit`
 * units are ever held or charged, and one item never has two holds.
 */
export async function hold(
  db: Database,
  { userId, monthKey, kind, item, pending }: HoldRequest,
  limit: number | null,
  holdMs: number,
): Promise<HoldOutcome> {
  return db.transaction(async (tx): Promise<HoldOutcome> => {
    // Lock the counter row without rewriting it: a refused request leaves the table as it was.
    await tx.insert(usageCounters).values({ userId, monthKey }).onConflictDoNothing();
    const [counter] = await tx
      .select({ used: counterOf(kind) })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), eq(usageCounters.monthKey, monthKey)))
      .for('update');
    // Holds whose holder died lapse; this is where their rows go.
    await tx
      .delete(usageReservations)
      .where(
        and(
          eq(usageReservations.userId, userId),
          eq(usageReservations.monthKey, monthKey),
          lte(usageReservations.heldUntil, sql`now()`),
        ),
      );
    if (item !== undefined) {
      const [shared] = await tx
        .select({ id: usageReservations.id })
        .from(usageReservations)
        .where(and(liveHolds(userId, monthKey, kind), eq(usageReservations.item, item)))
        .limit(1);
      if (shared) {
        // A hold being let go at this moment has no holder left and cannot be joined.
        const [joined] = await tx
          .update(usageReservations)
          .set({
            holders: sql`${usageReservations.holders} + 1`,
            heldUntil: sql`greatest(${usageReservations.heldUntil}, ${heldUntil(holdMs)})`,
          })
          .where(and(eq(usageReservations.id, shared.id), gt(usageReservations.holders, 0)))
          .returning({ id: usageReservations.id });
        return joined ? { kind: 'held', id: joined.id, joined: true } : { kind: 'pending' };
      }
    }
    if (limit !== null) {
      const [held] = await tx
        .select({ held: count() })
        .from(usageReservations)
        .where(liveHolds(userId, monthKey, kind));
      if ((counter?.used ?? 0) + (held?.held ?? 0) >= limit) return { kind: 'full' };
    }
    const [row] = await tx
      .insert(usageReservations)
      .values({ userId, monthKey, kind, item, holders: pending ? 0 : 1, heldUntil: heldUntil(holdMs) })
      .returning({ id: usageReservations.id });
    if (!row) throw new Error('the hold was not inserted');
    return { kind: 'held', id: row.id, joined: false };
  });
}

/** Counts the first holder of a pending hold (it passed fair use); false when it lapsed and went. */
export async function confirmHold(db: Database, id: string, holdMs: number): Promise<boolean> {
  const rows = await db
    .update(usageReservations)
    .set({ holders: sql`${usageReservations.holders} + 1`, heldUntil: heldUntil(holdMs) })
    .where(eq(usageReservations.id, id))
    .returning({ id: usageReservations.id });
  return rows.length > 0;
}

export async function renewHold(db: Database, id: string, holdMs: number): Promise<void> {
  await db
    .update(usageReservations)
    .set({ heldUntil: heldUntil(holdMs) })
    .where(eq(usageReservations.id, id));
}

/** One holder less; the hold ends with its last (or at once, when it was still pending). */
async function letGo(tx: Database, id: string): Promise<void> {
  await tx
    .update(usageReservations)
    .set({ holders: sql`${usageReservations.holders} - 1` })
    .where(eq(usageReservations.id, id));
  await tx
    .delete(usageReservations)
    .where(and(eq(usageReservations.id, id), lte(usageReservations.holders, 0)));
}

export async function releaseHold(db: Database, id: string): Promise<void> {
  // One transaction: a joiner never finds the hold with no holder left but not yet gone.
  await db.transaction((tx) => letGo(tx, id));
}

/**
 * Ends a hold in one transaction with `deliver` (which writes what the hold paid for): when
 * `deliver` says it delivered, the hold is deleted (every request sharing it finds the item
 * delivered) and charged once into the month's counter of its kind; otherwise one holder lets go.
 */
export async function settleHold(
  db: Database,
  reservation: UsageReservation,
  deliver: (tx: Database) => Promise<boolean>,
): Promise<boolean> {
  const { userId, monthKey, kind } = reservation;
  return db.transaction(async (tx) => {
    // The counter row before the hold, in the order `hold` takes them: a request joining this
    // hold meanwhile waits here instead of deadlocking with this transaction.
    await tx
      .select({ userId: usageCounters.userId })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), eq(usageCounters.monthKey, monthKey)))
      .for('update');
    const delivered = await deliver(tx);
    if (!delivered) {
      await letGo(tx, reservation.id);
      return false;
    }
    await tx.delete(usageReservations).where(eq(usageReservations.id, reservation.id));
    const field = kind === 'summary' ? 'summariesUsed' : 'audiosUsed';
    await tx
      .insert(usageCounters)
      .values({ userId, monthKey, [field]: 1 })
      .onConflictDoUpdate({
        target: [usageCounters.userId, usageCounters.monthKey],
        set: { [field]: sql`${counterOf(kind)} + 1` },
      });
    return true;
  });
}

/** Drops every hold (a single-process database at start: their holders are gone). */
export async function releaseAllHolds(db: Database): Promise<number> {
  const rows = await db.delete(usageReservations).returning({ id: usageReservations.id });
  return rows.length;
}
