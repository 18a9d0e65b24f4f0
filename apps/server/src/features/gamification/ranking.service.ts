import { createHash } from 'node:crypto';
import type { LRUCache } from 'lru-cache';
import {
  rankingEntrySchema,
  tierOf,
  RANKING_TOP,
  type Language,
  type RankingEntry,
  type RankingResponse,
  type RankingScope,
} from '@summa/shared';
import { createMemoryLoader } from '../../cache/memory-cache.js';
import { batchedReads } from '../../db/batched-reads.js';
import type { Database } from '../../db/database.js';
import type { ProfileService } from './profile.service.js';
import { weekBefore, weekStartOf } from './rank-counts.js';
import {
  countScope,
  deleteWeeksBefore,
  findCounts,
  findStandings,
  findTop,
  type BoardRow,
  type RankingBoard,
  type Standing,
} from './ranking.repository.js';

/** The ranking query after its defaults. */
export interface RankingQueryParsed {
  scope: RankingScope;
  lang?: Language | undefined;
}

export interface RankingDeps {
  db: Database;
  profiles: Pick<ProfileService, 'avatarUrl'>;
  /** How old a board's top entries and counts may be (RANKING_REFRESH_MS); 0 reads them every time. */
  refreshMs: number;
  now?: () => Date;
}

/**
 * A board as of one read: its top entries (without `isMe`) and, for any XP total, how many
 * readers have more: `xpDesc` lists the totals held, most first, and `above[i]` the readers with
 * more than `xpDesc[i]`.
 */
interface BoardSnapshot {
  /** With `isMe` false, checked against the contract once per read of the board. */
  top: RankingEntry[];
  topIds: string[];
  xpDesc: number[];
  above: number[];
  readers: number;
}

/**
 * A short label for a reader without a nickname: stable, but says nothing about who they are
 * (a digest of the id, never the name or e-mail).
 */
export function anonymousCode(userId: string): string {
  return createHash('sha256').update(userId).digest('hex').slice(0, 4).toUpperCase();
}

/** The JSON of a board's top entries, made once per read of the board (see `serializeRanking`). */
const serializedTops = new WeakMap<readonly RankingEntry[], string>();

/**
 * A ranking answer as JSON, the board's top entries taken as serialized when the board was
 * read (unless the reader is among them): checking and serializing 50 entries on each request
 * took most of a ranking request's time in the application (bench:ranking). The service has
 * checked the answer against the contract (`RankingService.ranking`).
 */
export function serializeRanking(answer: RankingResponse): string {
  const { entries, me, ...head } = answer;
  const entriesJson = serializedTops.get(entries) ?? JSON.stringify(entries);
  // `head` always holds `scope`, so its JSON ends in a value followed by '}'.
  return `${JSON.stringify(head).slice(0, -1)},"entries":${entriesJson},"me":${JSON.stringify(me)}}`;
}

/** Readers with more than `xp` on the board: a binary search over its XP totals. */
function readersAbove(snapshot: BoardSnapshot, xp: number): number {
  let low = 0;
  let high = snapshot.xpDesc.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((snapshot.xpDesc[middle] ?? 0) > xp) low = middle + 1;
    else high = middle;
  }
  return low < snapshot.xpDesc.length ? (snapshot.above[low] ?? 0) : snapshot.readers;
}

function boardOf(key: string): RankingBoard {
  const [scope, value = ''] = key.split(':');
  if (scope === 'language') return { scope: 'language', language: value as Language };
  if (scope === 'week') return { scope: 'weekly', weekStart: value };
  return { scope: 'global' };
}

/**
 * The rankings (global, by interface language, weekly since Monday 00:00 UTC): each board's top
 * entries and its counts per XP total are read at most every RANKING_REFRESH_MS per instance and
 * shared by every request; the reader's own XP is read live and ranked against those counts
 * (ADR 0019).
 */
export class RankingService {
  private readonly boards: LRUCache<string, BoardSnapshot> | undefined;
  private readonly standings: LRUCache<string, { standing: Standing | undefined }> | undefined;
  /** The week whose earlier weeks' rank counts this instance has deleted. */
  private prunedBefore: string | undefined;
  private readonly readStanding: (userId: string) => Promise<Standing | undefined>;

  constructor(private readonly deps: RankingDeps) {
    const { refreshMs } = deps;
    this.readStanding = batchedReads((userIds) => findStandings(deps.db, userIds));
    this.boards =
      refreshMs > 0
        ? createMemoryLoader('rankingBoard', (key) => this.loadBoard(boardOf(key)), refreshMs)
        : undefined;
    this.standings =
      refreshMs > 0
        ? createMemoryLoader(
            'rankingStanding',
            async (userId) => ({ standing: await this.readStanding(userId) }),
            refreshMs,
          )
        : undefined;
  }

  /** The reader earned XP or changed their profile: their next ranking reads them again. */
  forget(userId: string): void {
    this.standings?.delete(userId);
  }

  /**
   * The reader is gone (their account deleted): every board this instance holds may list them,
   * so all are read again; other instances drop them within RANKING_REFRESH_MS.
   */
  forgetReader(userId: string): void {
    this.standings?.delete(userId);
    this.boards?.clear();
  }

  private async standingOf(userId: string): Promise<Standing | undefined> {
    if (!this.standings) return this.readStanding(userId);
    return (await this.standings.fetch(userId))?.standing;
  }

  /**
   * The board's top entries (checked against the contract once per read of the board) and the
   * reader's own position (checked here): the route sends the answer without checking it again.
   */
  async ranking(userId: string, query: RankingQueryParsed): Promise<RankingResponse> {
    const weekStart = weekStartOf(this.deps.now?.() ?? new Date());
    const mine = await this.standingOf(userId);
    const myLanguage = mine?.progressLanguage ?? mine?.language ?? 'pt';
    const board: RankingBoard =
      query.scope === 'weekly'
        ? { scope: 'weekly', weekStart }
        : query.scope === 'language'
          ? { scope: 'language', language: query.lang ?? myLanguage }
          : { scope: 'global' };
    const snapshot = await this.snapshot(board);

    let me: RankingEntry | null = null;
    if (board.scope !== 'language' || board.language === myLanguage) {
      const totalXp = mine?.xp ?? 0;
      const xp =
        board.scope === 'weekly' ? (mine?.weekStart === weekStart ? (mine.weekXp ?? 0) : 0) : totalXp;
      me = await this.entry(
        {
          userId,
          xp,
          totalXp,
          summariesGenerated: mine?.summariesGenerated ?? 0,
          nickname: mine?.nickname ?? null,
          avatarPreset: mine?.avatarPreset ?? null,
          avatarKey: mine?.avatarKey ?? null,
        },
        1 + readersAbove(snapshot, xp),
        true,
      );
    }
    // The cached top itself unless the reader is in it, so that serializeRanking finds its JSON.
    const entries = snapshot.topIds.includes(userId)
      ? snapshot.top.map((entry, index) =>
          snapshot.topIds[index] === userId ? { ...entry, isMe: true } : entry,
        )
      : snapshot.top;
    return {
      scope: board.scope,
      language: board.scope === 'language' ? board.language : null,
      since: board.scope === 'weekly' ? `${weekStart}T00:00:00.000Z` : null,
      entries,
      me: me && rankingEntrySchema.parse(me),
    };
  }

  private async snapshot(board: RankingBoard): Promise<BoardSnapshot> {
    if (!this.boards) return this.loadBoard(board);
    const key = board.scope === 'weekly' ? `week:${board.weekStart}` : countScope(board);
    const snapshot = await this.boards.fetch(key);
    if (!snapshot) throw new Error(`no ranking board ${key}`);
    return snapshot;
  }

  private async loadBoard(board: RankingBoard): Promise<BoardSnapshot> {
    if (board.scope === 'weekly' && board.weekStart !== this.prunedBefore) {
      // A new week's first board on this instance: counts of the weeks before the last go.
      this.prunedBefore = board.weekStart;
      await deleteWeeksBefore(this.deps.db, weekBefore(board.weekStart));
    }
    const [top, counts] = await Promise.all([
      findTop(this.deps.db, board, RANKING_TOP),
      findCounts(this.deps.db, board),
    ]);
    const { xpDesc } = counts;
    const above: number[] = [];
    let readers = 0;
    for (const count of counts.readers) {
      above.push(readers);
      readers += count;
    }
    const snapshot: BoardSnapshot = {
      top: [],
      topIds: top.map((row) => row.userId),
      xpDesc,
      above,
      readers,
    };
    for (const row of top) {
      // Readers with equal XP share a rank: 1 + the readers with more.
      snapshot.top.push(
        rankingEntrySchema.parse(await this.entry(row, 1 + readersAbove(snapshot, row.xp), false)),
      );
    }
    serializedTops.set(snapshot.top, JSON.stringify(snapshot.top));
    return snapshot;
  }

  private async entry(row: BoardRow, rank: number, isMe: boolean): Promise<RankingEntry> {
    return {
      rank,
      xp: row.xp,
      // The weekly board ranks by the week's XP; the level always follows the total.
      level: tierOf(row.totalXp).level,
      summariesCount: row.summariesGenerated,
      nickname: row.nickname,
      anonymousCode: anonymousCode(row.userId),
      avatarUrl: await this.deps.profiles.avatarUrl(row),
      isMe,
    };
  }
}
