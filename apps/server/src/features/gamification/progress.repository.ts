import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_DAILY_GOAL, type DailyGoal } from '@summa/shared';
import type { Database } from '../../db/database.js';
import {
  profiles,
  rankCounts,
  readerAchievements,
  readerFacts,
  readerProgress,
  xpAwards,
} from '../../db/schema/index.js';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type ProgressRow = typeof readerProgress.$inferSelect;
export type FactKind = (typeof readerFacts.$inferInsert)['kind'];

/** The progress row of a reader who has none yet: 0 XP, in the profile's interface language. */
async function ensureProgressRow(
  db: Database | Transaction,
  userId: string,
  weekStart: string,
): Promise<void> {
  const profileLanguage = db
    .select({ language: profiles.preferredLanguage })
    .from(profiles)
    .where(eq(profiles.id, userId));
  await db
    .insert(readerProgress)
    .values({ userId, weekStart, language: sql`coalesce((${profileLanguage}), 'pt')` })
    .onConflictDoNothing();
}

/** What an award needs besides the progress row, read in the same statement. */
export interface Standing {
  row: ProgressRow;
  timeZone: string | null;
  dailyGoal: DailyGoal;
  languages: number;
  categories: number;
  unlocked: Set<string>;
  unannounced: number;
}

/** An award to record, and the facts a new one brings (a first read's language and category). */
export interface AwardRequest {
  award: { eventType: string; subject: string; xp: number };
  facts: { kind: FactKind; value: string }[];
}

/** Whether the award is new, and the kinds of its facts that are. */
export interface AwardOutcome {
  awarded: boolean;
  newFacts: FactKind[];
}

/**
 * The statements (WITH queries) that record `request` for the reader once per row of `source`,
 * and its outcome as two expressions: the award unless the reader, event and subject already
 * have one, then with a new one only, the facts it brings.
 */
function awardQueries(tx: Transaction, userId: string, { award, facts }: AwardRequest, source: SQL) {
  const awarded = tx.$with('awarded').as(
    tx
      .insert(xpAwards)
      .select(
        sql`select ${userId}::uuid, ${award.eventType}::text, ${award.subject}::text, ${award.xp}::int, now() from ${source}`,
      )
      .onConflictDoNothing()
      .returning({ userId: xpAwards.userId }),
  );
  const outcome = { awarded: sql<boolean>`exists (select 1 from ${awarded})` };
  if (facts.length === 0) {
    return { queries: [awarded], outcome: { ...outcome, newFacts: sql<FactKind[]>`'{}'::text[]` } };
  }
  const fact = sql`(values ${sql.join(
    facts.map(({ kind, value }) => sql`(${kind}, ${value})`),
    sql`, `,
  )}) as fact(kind, value)`;
  const newFacts = tx.$with('new_facts').as(
    tx
      .insert(readerFacts)
      .select(
        tx
          .select({
            userId: awarded.userId,
            kind: sql<FactKind>`fact.kind`.as('kind'),
            value: sql<string>`fact.value`.as('value'),
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(awarded)
          .crossJoin(fact),
      )
      .onConflictDoNothing()
      .returning({ kind: readerFacts.kind }),
  );
  return {
    queries: [awarded, newFacts],
    outcome: { ...outcome, newFacts: sql<FactKind[]>`array(select ${newFacts.kind} from ${newFacts})` },
  };
}

async function selectStanding(
  tx: Transaction,
  userId: string,
  first: AwardRequest | undefined,
): Promise<(Standing & { first: AwardOutcome | undefined }) | undefined> {
  // Each subquery names the reader by parameter: a column of the outer query would be written
  // unqualified and read as the subquery's own.
  const factCount = (kind: FactKind) =>
    sql<number>`(select count(*) from ${readerFacts} where ${readerFacts.userId} = ${userId} and ${readerFacts.kind} = ${kind})`.mapWith(
      Number,
    );
  const fields = {
    row: readerProgress,
    timeZone: sql<
      string | null
    >`(select ${profiles.timeZone} from ${profiles} where ${profiles.id} = ${userId})`,
    dailyGoal: sql<DailyGoal>`coalesce((select ${profiles.dailyGoal} from ${profiles} where ${profiles.id} = ${userId}), ${DEFAULT_DAILY_GOAL})`,
    languages: factCount('language'),
    categories: factCount('category'),
    unlocked: sql<string>`(select coalesce(string_agg(${readerAchievements.key}, ','), '') from ${readerAchievements} where ${readerAchievements.userId} = ${userId})`,
    unannounced:
      sql<number>`(select count(*) from ${readerAchievements} where ${readerAchievements.userId} = ${userId} and ${readerAchievements.announcedAt} is null)`.mapWith(
        Number,
      ),
  };
  const ofReader = eq(readerProgress.userId, userId);
  let found: (Omit<Standing, 'unlocked'> & { unlocked: string; first?: AwardOutcome }) | undefined;
  if (first) {
    // The award is inserted from the locked row: after the lock, so that two awards of one
    // reader never wait on each other in the opposite order.
    const locked = tx
      .$with('locked')
      .as(tx.select({ userId: readerProgress.userId }).from(readerProgress).where(ofReader).for('update'));
    const { queries, outcome } = awardQueries(tx, userId, first, sql`${locked}`);
    const [row] = await tx
      .with(locked, ...queries)
      .select({ ...fields, ...outcome })
      .from(readerProgress)
      .where(ofReader)
      .for('update', { of: readerProgress });
    found = row && { ...row, first: { awarded: row.awarded, newFacts: row.newFacts } };
  } else {
    [found] = await tx
      .select(fields)
      .from(readerProgress)
      .where(ofReader)
      .for('update', { of: readerProgress });
  }
  if (!found) return undefined;
  return {
    row: found.row,
    timeZone: found.timeZone,
    dailyGoal: found.dailyGoal,
    languages: found.languages,
    categories: found.categories,
    unannounced: found.unannounced,
    unlocked: new Set(found.unlocked.split(',').filter(Boolean)),
    first: found.first,
  };
}

/**
 * The reader's progress row, created if missing and locked until the transaction ends (every
 * award of one reader applies after the previous one, whatever the number of requests), with
 * the rest of what an award needs, in one statement; with `first`, that award recorded in the
 * same statement, once the row is locked.
 */
export async function lockStanding(
  tx: Transaction,
  userId: string,
  weekStart: string,
  first?: AwardRequest,
): Promise<Standing & { first: AwardOutcome | undefined }> {
  const existing = await selectStanding(tx, userId, first);
  if (existing) return existing;
  await ensureProgressRow(tx, userId, weekStart);
  const created = await selectStanding(tx, userId, first);
  if (!created) throw new Error(`no progress row for ${userId}`);
  return created;
}

export async function findProgress(db: Database, userId: string): Promise<ProgressRow | undefined> {
  const [row] = await db.select().from(readerProgress).where(eq(readerProgress.userId, userId)).limit(1);
  return row;
}

export type ProgressChanges = Partial<Omit<ProgressRow, 'userId' | 'updatedAt'>>;

/**
 * Saves the reader's progress and, in the same statement, moves them between XP totals in the
 * rank counts (`rankCountMoves`): one round trip less on every award.
 */
export async function saveProgress(
  tx: Transaction,
  userId: string,
  changes: ProgressChanges,
  counts?: { shard: number; changes: RankCountChange[] },
): Promise<void> {
  const update = tx
    .update(readerProgress)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(readerProgress.userId, userId));
  const moves = counts ? rankCountMoves(counts.shard, counts.changes) : [];
  if (moves.length === 0) {
    await update;
    return;
  }
  // A data-modifying WITH runs once, whether or not the statement reads it.
  const saved = tx.$with('saved').as(update.returning({ userId: readerProgress.userId }));
  await tx
    .with(saved)
    .insert(rankCounts)
    .values(moves)
    .onConflictDoUpdate({
      target: [rankCounts.scope, rankCounts.xp, rankCounts.shard],
      set: { readers: sql`${rankCounts.readers} + excluded.readers` },
    });
}

/**
 * Records an award unless this reader, event and subject already have one and, with a new one
 * only, the facts it brings, in one statement: whether the award is new, and the kinds of the
 * facts that are.
 */
export async function insertAward(
  tx: Transaction,
  userId: string,
  award: AwardRequest['award'],
  facts: AwardRequest['facts'] = [],
): Promise<AwardOutcome> {
  const one = sql`(values (1)) as one(x)`;
  const { queries, outcome } = awardQueries(tx, userId, { award, facts }, one);
  const [row] = await tx
    .with(...queries)
    .select(outcome)
    .from(one);
  return { awarded: row?.awarded === true, newFacts: row?.newFacts ?? [] };
}

/** Records facts once each: the kinds of those that are new. */
export async function insertFacts(
  db: Database | Transaction,
  userId: string,
  facts: { kind: FactKind; value: string }[],
): Promise<FactKind[]> {
  if (facts.length === 0) return [];
  const inserted = await db
    .insert(readerFacts)
    .values(facts.map((fact) => ({ userId, ...fact })))
    .onConflictDoNothing()
    .returning({ kind: readerFacts.kind });
  return inserted.map((row) => row.kind);
}

export async function hasFact(
  db: Database | Transaction,
  userId: string,
  kind: FactKind,
  value: string,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: readerFacts.userId })
    .from(readerFacts)
    .where(and(eq(readerFacts.userId, userId), eq(readerFacts.kind, kind), eq(readerFacts.value, value)))
    .limit(1);
  return row !== undefined;
}

/** How many distinct languages and categories the reader has read. */
export async function countFacts(
  db: Database | Transaction,
  userId: string,
): Promise<{ languages: number; categories: number }> {
  const rows = await db
    .select({ kind: readerFacts.kind, total: count() })
    .from(readerFacts)
    .where(eq(readerFacts.userId, userId))
    .groupBy(readerFacts.kind);
  const totalOf = (kind: FactKind) => rows.find((row) => row.kind === kind)?.total ?? 0;
  return { languages: totalOf('language'), categories: totalOf('category') };
}

export async function findUnlocked(
  db: Database,
  userId: string,
): Promise<{ key: string; unlockedAt: Date }[]> {
  return db
    .select({ key: readerAchievements.key, unlockedAt: readerAchievements.unlockedAt })
    .from(readerAchievements)
    .where(eq(readerAchievements.userId, userId));
}

export async function insertUnlock(tx: Transaction, userId: string, key: string): Promise<boolean> {
  const inserted = await tx
    .insert(readerAchievements)
    .values({ userId, key })
    .onConflictDoNothing()
    .returning({ key: readerAchievements.key });
  return inserted.length > 0;
}

/** The reader's unlocked achievements not celebrated yet, now marked as celebrated. */
export async function takeUnannounced(tx: Transaction, userId: string): Promise<string[]> {
  const rows = await tx
    .update(readerAchievements)
    .set({ announcedAt: sql`now()` })
    .where(and(eq(readerAchievements.userId, userId), isNull(readerAchievements.announcedAt)))
    .returning({ key: readerAchievements.key, unlockedAt: readerAchievements.unlockedAt });
  return rows.sort((a, b) => a.unlockedAt.getTime() - b.unlockedAt.getTime()).map((row) => row.key);
}

/** One reader more or fewer at an XP total of a ranking scope. */
export interface RankCountChange {
  scope: string;
  xp: number;
  delta: number;
}

/**
 * Rank count changes as rows to upsert, in (scope, xp) order so that two transactions touching
 * the same rows lock them in the same order.
 */
function rankCountMoves(shard: number, changes: RankCountChange[]) {
  // One row per (scope, xp): an upsert may not touch the same row twice.
  const merged = new Map<string, RankCountChange>();
  for (const change of changes) {
    const key = `${change.scope}\u0000${change.xp}`;
    const delta = (merged.get(key)?.delta ?? 0) + change.delta;
    merged.set(key, { ...change, delta });
  }
  return [...merged.values()]
    .filter((change) => change.delta !== 0)
    .sort((a, b) => (a.scope === b.scope ? a.xp - b.xp : a.scope < b.scope ? -1 : 1))
    .map(({ scope, xp, delta }) => ({ scope, xp, shard, readers: delta }));
}

/** The reader's progress row, locked until the transaction ends; undefined when they have none. */
export async function lockProgressRow(tx: Transaction, userId: string): Promise<ProgressRow | undefined> {
  const [row] = await tx.select().from(readerProgress).where(eq(readerProgress.userId, userId)).for('update');
  return row;
}

/** Applies rank count changes outside an award (a reader leaving every board). */
export async function applyRankCounts(
  tx: Transaction,
  shard: number,
  changes: RankCountChange[],
): Promise<void> {
  const moves = rankCountMoves(shard, changes);
  if (moves.length === 0) return;
  await tx
    .insert(rankCounts)
    .values(moves)
    .onConflictDoUpdate({
      target: [rankCounts.scope, rankCounts.xp, rankCounts.shard],
      set: { readers: sql`${rankCounts.readers} + excluded.readers` },
    });
}
