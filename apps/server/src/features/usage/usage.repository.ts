import { and, count, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { PlanType } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { effectivePlan } from '../../db/effective-plan.js';
import { usageCounters, usageReservations, users, userSubscriptions } from '../../db/schema/index.js';
import type { UsageKind, UsageReservation } from '../../ports/usage-quota.js';

/** The reader's row with their subscription's, which the plan rule reads (db/effective-plan.ts). */
const readerWithSubscription = (db: Database, userId: string) =>
  db
    .select({ plan: effectivePlan(users.id) })
    .from(users)
    .leftJoin(userSubscriptions, eq(userSubscriptions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);

/** The reader's plan now: Stripe's state, an admin grant, or a plan set by hand (db/effective-plan.ts). */
export async function findPlan(db: Database, userId: string): Promise<PlanType> {
  const [row] = await readerWithSubscription(db, userId);
  return row?.plan ?? 'free';
}

/** The reader's plan as a value of another statement (null when there is no such reader). */
const planOf = (db: Database, userId: string): SQL<PlanType | null> =>
  sql<PlanType | null>`(${readerWithSubscription(db, userId)})`;

const heldUntil = (holdMs: number): SQL => sql`now() + make_interval(secs => ${holdMs / 1000})`;

const liveHolds = (userId: string, monthKey: string, kind: UsageKind) =>
  and(
    eq(usageReservations.userId, userId),
    eq(usageReservations.monthKey, monthKey),
    eq(usageReservations.kind, kind),
    gt(usageReservations.heldUntil, sql`now()`),
  );

/**
 * The reader's live holds of `kind` this month, as a value of another statement; `except` leaves
 * one out (a hold its own statement deletes, which the statement's snapshot still shows).
 */
const heldCount = (db: Database, userId: string, monthKey: string, kind: UsageKind, except?: SQL) =>
  sql`(${db
    .select({ held: count() })
    .from(usageReservations)
    .where(
      and(liveHolds(userId, monthKey, kind), except && sql`${usageReservations.id} not in (${except})`),
    )})`;

/** The counter column that a kind is charged to. */
const counterOf = (kind: UsageKind) =>
  kind === 'summary' ? usageCounters.summariesUsed : usageCounters.audiosUsed;

/**
 * The reader's plan and what they used this month (charged, plus what is held while it is being
 * made), in one statement: /api/me/usage and every generation's answer read them together.
 */
export async function findUsage(
  db: Database,
  userId: string,
  monthKey: string,
): Promise<{ plan: PlanType; summariesUsed: number; audiosUsed: number }> {
  const charged = (kind: UsageKind) =>
    db
      .select({ used: counterOf(kind) })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), eq(usageCounters.monthKey, monthKey)))
      .limit(1);
  const used = (kind: UsageKind) =>
    sql<number>`coalesce((${charged(kind)}), 0) + ${heldCount(db, userId, monthKey, kind)}`.mapWith(Number);
  const [row] = await db
    .select({ plan: planOf(db, userId), summariesUsed: used('summary'), audiosUsed: used('audio') })
    .from(sql`(values (1)) as one`);
  return {
    plan: row?.plan ?? 'free',
    summariesUsed: row?.summariesUsed ?? 0,
    audiosUsed: row?.audiosUsed ?? 0,
  };
}

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
 * The month's counter row of the reader, locked without rewriting it (a refused request leaves
 * the table as it was), with the reader's plan read in the same statement; undefined when the
 * row does not exist yet.
 */
async function lockCounter(tx: Database, userId: string, monthKey: string, kind: UsageKind) {
  const [counter] = await tx
    .select({ used: counterOf(kind), plan: planOf(tx, userId) })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.monthKey, monthKey)))
    .for('update', { of: usageCounters });
  return counter;
}

/**
 * Joins the reader's live hold of the same item, or holds one unit of `kind` of the month unless
 * charged + live holds reach the plan's `limitOf` (null: no ceiling); clears the reader's lapsed
 * holds of the month. The counter row is locked first (and the plan read with it), so concurrent
 * callers are serialised: at most the limit's units are ever held or charged, and one item never
 * has two holds.
 */
export async function hold(
  db: Database,
  { userId, monthKey, kind, item, pending }: HoldRequest,
  limitOf: (plan: PlanType) => number | null,
  holdMs: number,
): Promise<HoldOutcome> {
  return db.transaction(async (tx): Promise<HoldOutcome> => {
    let counter = await lockCounter(tx, userId, monthKey, kind);
    if (!counter) {
      // The month's first hold: a concurrent one that inserts it too waits here for this one.
      await tx.insert(usageCounters).values({ userId, monthKey }).onConflictDoNothing();
      counter = await lockCounter(tx, userId, monthKey, kind);
      if (!counter) throw new Error('the usage counter was not inserted');
    }
    const limit = limitOf(counter.plan ?? 'free');
    // Holds whose holder died lapse; this is where their rows go, in the statement that looks for
    // the reader's hold of the item and counts the live ones (a lapsed hold is never live).
    const lapsed = tx.$with('lapsed').as(
      tx
        .delete(usageReservations)
        .where(
          and(
            eq(usageReservations.userId, userId),
            eq(usageReservations.monthKey, monthKey),
            lte(usageReservations.heldUntil, sql`now()`),
          ),
        )
        .returning({ id: usageReservations.id }),
    );
    const live = liveHolds(userId, monthKey, kind);
    const sharedHold =
      item === undefined
        ? sql<string | null>`null`
        : sql<string | null>`(${tx
            .select({ id: usageReservations.id })
            .from(usageReservations)
            .where(and(live, eq(usageReservations.item, item)))
            .limit(1)})`;
    const liveCount =
      limit === null
        ? sql<number>`0`
        : sql<number>`(${tx.select({ held: count() }).from(usageReservations).where(live)})`.mapWith(Number);
    const [found] = await tx
      .with(lapsed)
      .select({ shared: sharedHold, held: liveCount })
      .from(sql`(values (1)) as one`);
    if (found?.shared) {
      // A hold being let go at this moment has no holder left and cannot be joined.
      const [joined] = await tx
        .update(usageReservations)
        .set({
          holders: sql`${usageReservations.holders} + 1`,
          heldUntil: sql`greatest(${usageReservations.heldUntil}, ${heldUntil(holdMs)})`,
        })
        .where(and(eq(usageReservations.id, found.shared), gt(usageReservations.holders, 0)))
        .returning({ id: usageReservations.id });
      return joined ? { kind: 'held', id: joined.id, joined: true } : { kind: 'pending' };
    }
    if (limit !== null && counter.used + (found?.held ?? 0) >= limit) return { kind: 'full' };
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

/** The reader's plan and month's use, as `findUsage` reads them. */
export type UsageRow = Awaited<ReturnType<typeof findUsage>>;

/**
 * Ends a hold in one transaction with `deliver` (which writes what the hold paid for): when
 * `deliver` says it delivered, the hold is deleted (every request sharing it finds the item
 * delivered) and charged once into the month's counter of its kind; otherwise one holder lets go.
 * Answers the month's use after it too: the charge's own statement returns it.
 */
export async function settleHold(
  db: Database,
  reservation: UsageReservation,
  deliver: (tx: Database) => Promise<boolean>,
): Promise<{ delivered: boolean; usage: UsageRow }> {
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
      return { delivered, usage: await findUsage(tx, userId, monthKey) };
    }
    // The hold goes and the counter counts one more, in one statement.
    const ended = tx
      .$with('ended')
      .as(
        tx
          .delete(usageReservations)
          .where(eq(usageReservations.id, reservation.id))
          .returning({ id: usageReservations.id }),
      );
    const field = kind === 'summary' ? 'summariesUsed' : 'audiosUsed';
    // The ended hold is still live to this statement's snapshot: it is left out of the count.
    const endedId = sql`select "id" from ${ended}`;
    const used = (counted: UsageKind) =>
      sql<number>`${counterOf(counted)} + ${heldCount(tx, userId, monthKey, counted, endedId)}`.mapWith(
        Number,
      );
    const [usage] = await tx
      .with(ended)
      .insert(usageCounters)
      .values({ userId, monthKey, [field]: 1 })
      .onConflictDoUpdate({
        target: [usageCounters.userId, usageCounters.monthKey],
        set: { [field]: sql`${counterOf(kind)} + 1` },
      })
      .returning({ plan: planOf(tx, userId), summariesUsed: used('summary'), audiosUsed: used('audio') });
    if (!usage) throw new Error('the usage counter was not charged');
    return { delivered, usage: { ...usage, plan: usage.plan ?? 'free' } };
  });
}

/** Drops every hold (a single-process database at start: their holders are gone). */
export async function releaseAllHolds(db: Database): Promise<number> {
  const rows = await db.delete(usageReservations).returning({ id: usageReservations.id });
  return rows.length;
}
