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

/**
 * Holds one unit of `kind` of the month unless charged + live holds reach `limit` (null: no
 * ceiling), and clears the reader's lapsed holds of the month.
 * The counter row is locked first, so concurrent callers are serialised and at most `limit` of
 * them ever hold or have charged. Returns the hold's id, or undefined at the limit.
 */
export async function hold(
  db: Database,
  { userId, monthKey, kind }: Omit<UsageReservation, 'id'>,
  limit: number | null,
  holdMs: number,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
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
    if (limit !== null) {
      const [held] = await tx
        .select({ held: count() })
        .from(usageReservations)
        .where(liveHolds(userId, monthKey, kind));
      if ((counter?.used ?? 0) + (held?.held ?? 0) >= limit) return undefined;
    }
    const [row] = await tx
      .insert(usageReservations)
      .values({ userId, monthKey, kind, heldUntil: heldUntil(holdMs) })
      .returning({ id: usageReservations.id });
    return row?.id;
  });
}

export async function renewHold(db: Database, id: string, holdMs: number): Promise<void> {
  await db
    .update(usageReservations)
    .set({ heldUntil: heldUntil(holdMs) })
    .where(eq(usageReservations.id, id));
}

export async function releaseHold(db: Database, id: string): Promise<void> {
  await db.delete(usageReservations).where(eq(usageReservations.id, id));
}

/**
 * Ends a hold in one transaction with `deliver` (which writes what the hold paid for): charged
 * into the month's counter of its kind when `deliver` says it delivered, only deleted otherwise.
 */
export async function settleHold(
  db: Database,
  reservation: UsageReservation,
  deliver: (tx: Database) => Promise<boolean>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const delivered = await deliver(tx);
    await tx.delete(usageReservations).where(eq(usageReservations.id, reservation.id));
    if (delivered) {
      const { userId, monthKey, kind } = reservation;
      const field = kind === 'summary' ? 'summariesUsed' : 'audiosUsed';
      await tx
        .insert(usageCounters)
        .values({ userId, monthKey, [field]: 1 })
        .onConflictDoUpdate({
          target: [usageCounters.userId, usageCounters.monthKey],
          set: { [field]: sql`${counterOf(kind)} + 1` },
        });
    }
    return delivered;
  });
}

/** Drops every hold (a single-process database at start: their holders are gone). */
export async function releaseAllHolds(db: Database): Promise<number> {
  const rows = await db.delete(usageReservations).returning({ id: usageReservations.id });
  return rows.length;
}
