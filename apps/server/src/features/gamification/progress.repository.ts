import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_DAILY_GOAL, type DailyGoal } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { preparedPerDatabase } from '../../db/prepared.js';
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

/** The parameters of an award's statements (their placeholders' values). */
function awardParameters(userId: string, { award, facts }: AwardRequest) {
  return {
    userId,
    eventType: award.eventType,
    subject: award.subject,
    xp: award.xp,
    factKinds: facts.map((fact) => fact.kind),
    factValues: facts.map((fact) => fact.value),
  };
}

/**
 * The statements (WITH queries) that record an award for the reader once per row of `source`,
 * and its outcome as two expressions: the award unless the reader, event and subject already
 * have one, then with a new one only, the facts it brings (none, one or more). Every value is a
 * placeholder (awardParameters), so that the statements are prepared once per connection.
 */
function awardQueries(db: Database, source: SQL) {
  const placeholder = sql.placeholder;
  const awarded = db.$with('awarded').as(
    db
      .insert(xpAwards)
      .select(
        sql`select ${placeholder('userId')}::uuid, ${placeholder('eventType')}::text, ${placeholder('subject')}::text, ${placeholder('xp')}::int, now() from ${source}`,
      )
      .onConflictDoNothing()
      .returning({ userId: xpAwards.userId }),
  );
  const fact = sql`unnest(${placeholder('factKinds')}::text[], ${placeholder('factValues')}::text[]) as fact(kind, value)`;
  const newFacts = db.$with('new_facts').as(
    db
      .insert(readerFacts)
      .select(
        db
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
    outcome: {
      awarded: sql<boolean>`exists (select 1 from ${awarded})`,
      newFacts: sql<FactKind[]>`array(select ${newFacts.kind} from ${newFacts})`,
    },
  };
}

/**
 * The reader's standing, their progress row locked, with the rest of what an award needs; with
 * `award`, that award recorded in the same statement from the locked row: after the lock, so
 * that two awards of one reader never wait on each other in the opposite order.
 */
function standingQuery(db: Database, award: boolean) {
  const userId = sql.placeholder('userId');
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
  if (!award) {
    return db
      .select({ ...fields, awarded: sql<boolean>`false`, newFacts: sql<FactKind[]>`'{}'::text[]` })
      .from(readerProgress)
      .where(ofReader)
      .for('update', { of: readerProgress })
      .prepare('standing');
  }
  const locked = db
    .$with('locked')
    .as(db.select({ userId: readerProgress.userId }).from(readerProgress).where(ofReader).for('update'));
  const { queries, outcome } = awardQueries(db, sql`${locked}`);
  return db
    .with(locked, ...queries)
    .select({ ...fields, ...outcome })
    .from(readerProgress)
    .where(ofReader)
    .for('update', { of: readerProgress })
    .prepare('standing_awarded');
}

const standingAwarded = preparedPerDatabase((db) => standingQuery(db, true));
const standing = preparedPerDatabase((db) => standingQuery(db, false));

async function selectStanding(
  tx: Transaction,
  userId: string,
  first: AwardRequest | undefined,
): Promise<(Standing & { first: AwardOutcome | undefined }) | undefined> {
  const [found] = first
    ? await standingAwarded(tx).execute(awardParameters(userId, first))
    : await standing(tx).execute({ userId });
  if (!found) return undefined;
  return {
    row: found.row,
    timeZone: found.timeZone,
    dailyGoal: found.dailyGoal,
    languages: found.languages,
    categories: found.categories,
    unannounced: found.unannounced,
    unlocked: new Set(found.unlocked.split(',').filter(Boolean)),
    first: first && { awarded: found.awarded, newFacts: found.newFacts },
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

/** Every column of a reader's progress that an activity or a language change saves. */
export type SavedProgress = Omit<ProgressRow, 'userId' | 'updatedAt'>;

/**
 * Saves the reader's progress and, in the same statement, moves them between XP totals in the
 * rank counts (`rankCountMoves`, as arrays): one round trip less on every award, and one
 * statement text for every award, prepared once per connection.
 */
const progressSaved = preparedPerDatabase((db) => {
  const value = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  const saved = db.$with('saved').as(
    db
      .update(readerProgress)
      .set({
        xp: value('xp', 'int'),
        language: sql`${sql.placeholder('language')}::text::language`,
        weekStart: value('weekStart', 'date'),
        weekXp: value('weekXp', 'int'),
        booksRead: value('booksRead', 'int'),
        summariesGenerated: value('summariesGenerated', 'int'),
        audios: value('audios', 'int'),
        shares: value('shares', 'int'),
        feedbacks: value('feedbacks', 'int'),
        streakCurrent: value('streakCurrent', 'int'),
        streakLongest: value('streakLongest', 'int'),
        streakLastDay: value('streakLastDay', 'date'),
        streakFreezes: value('streakFreezes', 'int'),
        announcedLevel: value('announcedLevel', 'smallint'),
        todayDay: value('todayDay', 'date'),
        todaySummaries: value('todaySummaries', 'int'),
        todayListenedSeconds: value('todayListenedSeconds', 'int'),
        todayCards: value('todayCards', 'int'),
        reviews: value('reviews', 'int'),
        reviewStreakCurrent: value('reviewStreakCurrent', 'int'),
        reviewStreakLongest: value('reviewStreakLongest', 'int'),
        reviewLastDay: value('reviewLastDay', 'date'),
        updatedAt: sql`now()`,
      })
      .where(eq(readerProgress.userId, sql.placeholder('userId')))
      .returning({ userId: readerProgress.userId }),
  );
  // A data-modifying WITH runs once, whether or not the statement reads it (and with no moves).
  return db
    .with(saved)
    .insert(rankCounts)
    .select(
      sql`select move.scope, move.xp, ${value('shard', 'int')}, move.readers
          from unnest(${value('scopes', 'text[]')}, ${value('xps', 'int[]')}, ${value('deltas', 'int[]')}) as move(scope, xp, readers)`,
    )
    .onConflictDoUpdate({
      target: [rankCounts.scope, rankCounts.xp, rankCounts.shard],
      set: { readers: sql`${rankCounts.readers} + excluded.readers` },
    })
    .prepare('progress_saved');
});

export async function saveProgress(
  tx: Transaction,
  userId: string,
  progress: SavedProgress,
  counts: { shard: number; changes: RankCountChange[] },
): Promise<void> {
  const moves = rankCountMoves(counts.shard, counts.changes);
  // The placeholders are named after the progress columns; a key no placeholder names is ignored.
  await progressSaved(tx).execute({
    ...progress,
    userId,
    shard: counts.shard,
    scopes: moves.map((move) => move.scope),
    xps: moves.map((move) => move.xp),
    deltas: moves.map((move) => move.readers),
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
  const [row] = await awardInserted(tx).execute(awardParameters(userId, { award, facts }));
  return { awarded: row?.awarded === true, newFacts: row?.newFacts ?? [] };
}

const awardInserted = preparedPerDatabase((db) => {
  const one = sql`(values (1)) as one(x)`;
  const { queries, outcome } = awardQueries(db, one);
  return db
    .with(...queries)
    .select(outcome)
    .from(one)
    .prepare('award_inserted');
});

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
