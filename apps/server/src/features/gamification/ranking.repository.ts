import { and, eq, gt, sql, sum } from 'drizzle-orm';
import type { Language } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { profiles, rankCounts, readerProgress } from '../../db/schema/index.js';

/** Which readers a ranking compares, and on which XP. */
export type RankingBoard =
  { scope: 'global' } | { scope: 'language'; language: Language } | { scope: 'weekly'; weekStart: string };

/** The rank_counts scope of a board (ADR 0019). */
export function countScope(board: RankingBoard): string {
  if (board.scope === 'global') return 'global';
  if (board.scope === 'language') return `language:${board.language}`;
  return `week:${board.weekStart}`;
}

export interface BoardRow {
  userId: string;
  /** The XP the board ranks by (the week's on the weekly board). */
  xp: number;
  totalXp: number;
  summariesGenerated: number;
  nickname: string | null;
  avatarPreset: string | null;
  avatarKey: string | null;
}

/** The board's first `limit` readers with XP, most XP first (ties by id, for a stable order). */
export async function findTop(db: Database, board: RankingBoard, limit: number): Promise<BoardRow[]> {
  const xp = board.scope === 'weekly' ? readerProgress.weekXp : readerProgress.xp;
  const where =
    board.scope === 'global'
      ? gt(readerProgress.xp, 0)
      : board.scope === 'language'
        ? and(eq(readerProgress.language, board.language), gt(readerProgress.xp, 0))
        : and(eq(readerProgress.weekStart, board.weekStart), gt(readerProgress.weekXp, 0));
  // DESC NULLS LAST as in the partial indexes (drizzle's `.desc()` there): a plain DESC means
  // NULLS FIRST, which no index matches, and PostgreSQL would sort every reader of the board.
  return db
    .select({
      userId: readerProgress.userId,
      xp,
      totalXp: readerProgress.xp,
      summariesGenerated: readerProgress.summariesGenerated,
      nickname: profiles.nickname,
      avatarPreset: profiles.avatarPreset,
      avatarKey: profiles.avatarKey,
    })
    .from(readerProgress)
    .leftJoin(profiles, eq(profiles.id, readerProgress.userId))
    .where(where)
    .orderBy(sql`${xp} desc nulls last`, readerProgress.userId)
    .limit(limit);
}

/**
 * How many readers of the board have each XP total, most XP first (totals with readers only),
 * as two parallel lists in one JSON value: thousands of totals parse far faster as one JSON text
 * than as rows, and every instance reads each board every RANKING_REFRESH_MS.
 */
export async function findCounts(
  db: Database,
  board: RankingBoard,
): Promise<{ xpDesc: number[]; readers: number[] }> {
  const readers = sum(rankCounts.readers);
  const totals = db
    .select({ xp: rankCounts.xp, readers: sql<number>`${readers}::int`.as('readers') })
    .from(rankCounts)
    .where(eq(rankCounts.scope, countScope(board)))
    .groupBy(rankCounts.xp)
    .having(sql`${readers} <> 0`)
    .as('totals');
  const [row] = await db
    .select({
      counts: sql<{ xpDesc: number[] | null; readers: number[] | null }>`json_build_object(
        'xpDesc', json_agg(${totals.xp} order by ${totals.xp} desc),
        'readers', json_agg(${totals.readers} order by ${totals.xp} desc))`,
    })
    .from(totals);
  return { xpDesc: row?.counts.xpDesc ?? [], readers: row?.counts.readers ?? [] };
}

/**
 * The standings and public profiles of these readers, by id, in one read (their ranks' inputs);
 * a reader without progress has null XP fields.
 */
const standings = preparedPerDatabase((db) =>
  db
    .select({
      userId: profiles.id,
      language: profiles.preferredLanguage,
      progressLanguage: readerProgress.language,
      xp: readerProgress.xp,
      weekStart: readerProgress.weekStart,
      weekXp: readerProgress.weekXp,
      summariesGenerated: readerProgress.summariesGenerated,
      nickname: profiles.nickname,
      avatarPreset: profiles.avatarPreset,
      avatarKey: profiles.avatarKey,
    })
    .from(profiles)
    .leftJoin(readerProgress, eq(readerProgress.userId, profiles.id))
    // One array parameter, not a list: the statement's text is the same for any number of readers.
    .where(sql`${profiles.id} = any(${sql.placeholder('userIds')}::uuid[])`)
    .prepare('standings'),
);

export async function findStandings(db: Database, userIds: readonly string[]) {
  const rows = await standings(db).execute({ userIds: [...userIds] });
  return new Map(rows.map((row) => [row.userId, row]));
}

export type Standing = NonNullable<ReturnType<Awaited<ReturnType<typeof findStandings>>['get']>>;

/**
 * Rank counts of the weeks before `weekStart`: nobody reads them any more (an award finishing
 * just after Monday 00:00 UTC may still write the week before, which the caller keeps).
 */
export async function deleteWeeksBefore(db: Database, weekStart: string): Promise<void> {
  await db
    .delete(rankCounts)
    .where(and(gt(rankCounts.scope, 'week:'), sql`${rankCounts.scope} < ${`week:${weekStart}`}`));
}
