import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { workLeases } from '../db/schema/index.js';

// The lease on one piece of shared work, (scope, key): one owner across instances.

export interface LeaseId {
  scope: string;
  key: string;
}

const leaseEnd = (leaseMs: number): SQL => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

const isLease = ({ scope, key }: LeaseId) => and(eq(workLeases.scope, scope), eq(workLeases.key, key));
const isOwnedLease = (lease: LeaseId, ownerId: string) =>
  and(isLease(lease), eq(workLeases.ownerId, ownerId));

/** Claims the work when nobody holds a live lease on it; true when this owner now holds it. */
export async function claimLease(db: Database, lease: LeaseId, ownerId: string, leaseMs: number) {
  const [row] = await db
    .insert(workLeases)
    .values({ ...lease, ownerId, leaseUntil: leaseEnd(leaseMs), failedCode: null })
    .onConflictDoUpdate({
      target: [workLeases.scope, workLeases.key],
      set: { ownerId, leaseUntil: leaseEnd(leaseMs), failedCode: null, updatedAt: sql`now()` },
      setWhere: sql`${workLeases.leaseUntil} < now()`,
    })
    .returning({ ownerId: workLeases.ownerId });
  return row?.ownerId === ownerId;
}

export async function renewLease(db: Database, lease: LeaseId, ownerId: string, leaseMs: number) {
  await db
    .update(workLeases)
    .set({ leaseUntil: leaseEnd(leaseMs), updatedAt: sql`now()` })
    .where(isOwnedLease(lease, ownerId));
}

/** Records why the owner's work failed, for its waiters, and frees the work at once. */
export async function failLease(db: Database, lease: LeaseId, ownerId: string, code: string) {
  await db
    .update(workLeases)
    .set({ failedCode: code, leaseUntil: sql`now()`, updatedAt: sql`now()` })
    .where(isOwnedLease(lease, ownerId));
}

export async function releaseLease(db: Database, lease: LeaseId, ownerId: string) {
  await db.delete(workLeases).where(isOwnedLease(lease, ownerId));
}

export interface LeaseState {
  ownerId: string;
  live: boolean;
  failedCode: string | null;
}

export async function findLease(db: Database, lease: LeaseId): Promise<LeaseState | undefined> {
  const [row] = await db
    .select({
      ownerId: workLeases.ownerId,
      live: sql<boolean>`${workLeases.leaseUntil} >= now()`,
      failedCode: workLeases.failedCode,
    })
    .from(workLeases)
    .where(isLease(lease));
  return row;
}

/** Drops every lease of `scope` (a single-process database at start: their owners are gone); returns how many. */
export async function releaseAllLeases(db: Database, scope: string): Promise<number> {
  const rows = await db
    .delete(workLeases)
    .where(eq(workLeases.scope, scope))
    .returning({ key: workLeases.key });
  return rows.length;
}
