import { createHash } from 'node:crypto';
import {
  tierOf,
  RANKING_TOP,
  type Language,
  type RankingEntry,
  type RankingResponse,
  type RankingScope,
} from '@summa/shared';
import type { Database } from '../../db/database.js';
import { findProfile } from './profile.repository.js';
import type { ProfileService } from './profile.service.js';
import { findProgress } from './progress.repository.js';
import { weekStartOf } from './rank-counts.js';
import { countAbove, findTop, type BoardRow, type RankingBoard } from './ranking.repository.js';

/** The ranking query after its defaults. */
export interface RankingQueryParsed {
  scope: RankingScope;
  lang?: Language | undefined;
}

export interface RankingDeps {
  db: Database;
  profiles: Pick<ProfileService, 'avatarUrl'>;
  now?: () => Date;
}

/**
 * A short label for a reader without a nickname: stable, but says nothing about who they are
 * (a digest of the id, never the name or e-mail).
 */
export function anonymousCode(userId: string): string {
  return createHash('sha256').update(userId).digest('hex').slice(0, 4).toUpperCase();
}

/**
 * The rankings (global, by interface language, weekly since Monday 00:00 UTC): the top readers
 * from an index, and a reader's rank as 1 + the readers above them from rank_counts (ADR 0019).
 */
export class RankingService {
  constructor(private readonly deps: RankingDeps) {}

  async ranking(userId: string, query: RankingQueryParsed): Promise<RankingResponse> {
    const { db } = this.deps;
    const weekStart = weekStartOf(this.deps.now?.() ?? new Date());
    const [mine, profile] = await Promise.all([findProgress(db, userId), findProfile(db, userId)]);
    const myLanguage = mine?.language ?? profile?.preferredLanguage ?? 'pt';
    const board: RankingBoard =
      query.scope === 'weekly'
        ? { scope: 'weekly', weekStart }
        : query.scope === 'language'
          ? { scope: 'language', language: query.lang ?? myLanguage }
          : { scope: 'global' };

    const top = await findTop(db, board, RANKING_TOP);
    const entries: RankingEntry[] = [];
    for (const [index, row] of top.entries()) {
      const previous = entries[index - 1];
      // Readers with equal XP share a rank: 1 + the readers with more.
      const rank = previous && top[index - 1]?.xp === row.xp ? previous.rank : index + 1;
      entries.push(await this.entry(row, rank, userId));
    }

    let me = entries.find((entry) => entry.isMe) ?? null;
    const onBoard = board.scope !== 'language' || board.language === myLanguage;
    if (!me && onBoard) {
      const xp =
        board.scope === 'weekly' ? (mine?.weekStart === weekStart ? mine.weekXp : 0) : (mine?.xp ?? 0);
      const rank = 1 + (await countAbove(db, board, xp));
      me = await this.entry(
        {
          userId,
          xp,
          totalXp: mine?.xp ?? 0,
          summariesGenerated: mine?.summariesGenerated ?? 0,
          nickname: profile?.nickname ?? null,
          avatarPreset: profile?.avatarPreset ?? null,
          avatarKey: profile?.avatarKey ?? null,
        },
        rank,
        userId,
      );
    }
    return {
      scope: board.scope,
      language: board.scope === 'language' ? board.language : null,
      since: board.scope === 'weekly' ? `${weekStart}T00:00:00.000Z` : null,
      entries,
      me,
    };
  }

  private async entry(row: BoardRow, rank: number, userId: string): Promise<RankingEntry> {
    return {
      rank,
      xp: row.xp,
      // The weekly board ranks by the week's XP; the level always follows the total.
      level: tierOf(row.totalXp).level,
      summariesCount: row.summariesGenerated,
      nickname: row.nickname,
      anonymousCode: anonymousCode(row.userId),
      avatarUrl: await this.deps.profiles.avatarUrl(row),
      isMe: row.userId === userId,
    };
  }
}
