import type { Language } from '@summa/shared';
import type { RankCountChange } from './progress.repository.js';

/** Rank counts are spread over this many rows per XP total (ADR 0019). */
export const RANK_SHARDS = 8;

/** A reader's shard: fixed for life, from the random first byte of their id. */
export function rankShard(userId: string): number {
  return Number.parseInt(userId.slice(0, 2), 16) % RANK_SHARDS;
}

/** The weekly ranking's week: the Monday 00:00 UTC on or before `at`, as YYYY-MM-DD. */
export function weekStartOf(at: Date): string {
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - sinceMonday));
  return monday.toISOString().slice(0, 10);
}

/** The Monday a week before `weekStart` (a Monday, as `weekStartOf` gives it). */
export function weekBefore(weekStart: string): string {
  return weekStartOf(new Date(Date.parse(`${weekStart}T00:00:00Z`) - 7 * 86_400_000));
}

/** Where a reader stood before an award: total XP, this week's XP, language. */
export interface Standing {
  language: Language;
  weekStart: string;
  xp: number;
  weekXp: number;
}

function moved(scope: string, from: number, to: number): RankCountChange[] {
  if (from === to) return [];
  const changes: RankCountChange[] = [];
  // Readers with 0 XP are not counted: everyone else is above them.
  if (from > 0) changes.push({ scope, xp: from, delta: -1 });
  if (to > 0) changes.push({ scope, xp: to, delta: 1 });
  return changes;
}

/** The rank count changes of `gained` XP in every scope the reader is on. */
export function rankChanges(standing: Standing, gained: number): RankCountChange[] {
  if (gained <= 0) return [];
  return [
    ...moved('global', standing.xp, standing.xp + gained),
    ...moved(`language:${standing.language}`, standing.xp, standing.xp + gained),
    ...moved(`week:${standing.weekStart}`, standing.weekXp, standing.weekXp + gained),
  ];
}

/** The rank count changes of a reader with `xp` moving from one language's board to another. */
export function languageChanges(xp: number, from: Language, to: Language): RankCountChange[] {
  if (xp <= 0 || from === to) return [];
  return [
    { scope: `language:${from}`, xp, delta: -1 },
    { scope: `language:${to}`, xp, delta: 1 },
  ];
}

/**
 * The rank count changes of a reader leaving every board they are counted on (their account
 * deleted). Counts of weeks before `keptSince` are pruned (RankingService), so none is taken from them.
 */
export function leavingChanges(standing: Standing, keptSince: string): RankCountChange[] {
  const changes: RankCountChange[] = [];
  if (standing.xp > 0) {
    changes.push({ scope: 'global', xp: standing.xp, delta: -1 });
    changes.push({ scope: `language:${standing.language}`, xp: standing.xp, delta: -1 });
  }
  if (standing.weekXp > 0 && standing.weekStart >= keptSince) {
    changes.push({ scope: `week:${standing.weekStart}`, xp: standing.weekXp, delta: -1 });
  }
  return changes;
}
