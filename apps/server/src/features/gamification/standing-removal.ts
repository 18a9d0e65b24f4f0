import type { Transaction } from '../../db/database.js';
import type { AccountDeletionStep } from '../../ports/account-deletion.js';
import { applyRankCounts, lockProgressRow } from './progress.repository.js';
import { leavingChanges, rankShard, weekBefore, weekStartOf } from './rank-counts.js';
import type { RankingService } from './ranking.service.js';

export interface StandingRemovalDeps {
  ranking: Pick<RankingService, 'forgetReader'>;
  now?: () => Date;
}

/**
 * A deleted reader leaves the rankings: their XP is taken out of the rank counts in the deletion's
 * transaction (their progress row goes by cascade, the counts have no reference to them), and
 * this instance's boards are read again once it commits.
 */
export class StandingRemoval implements AccountDeletionStep {
  constructor(private readonly deps: StandingRemovalDeps) {}

  async withinDeletion(tx: Transaction, userId: string): Promise<void> {
    const row = await lockProgressRow(tx, userId);
    if (!row) return;
    // The weekly counts kept are this week's and the last (RankingService prunes older ones).
    const keptSince = weekBefore(weekStartOf(this.deps.now?.() ?? new Date()));
    await applyRankCounts(tx, rankShard(userId), leavingChanges(row, keptSince));
  }

  afterDeletion(userId: string): void {
    this.deps.ranking.forgetReader(userId);
  }
}
