import {
  DEFAULT_DAILY_GOAL,
  LEVEL_TIERS,
  tierOf,
  LEVEL_UP_REWARD_XP,
  REVIEW_XP,
  XP_BY_EVENT,
  type AchievementsResponse,
  type AchievementUnlock,
  type AddXpResult,
  type DailyGoal,
  type ReaderProgress,
  type Streak,
  type XpEventRequest,
} from '@summa/shared';
import type { Database, Transaction as DatabaseTransaction } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { GoalActivity } from '../../ports/goal-activity.js';
import type { ReaderActivity, ReaderActivityEvent } from '../../ports/reader-activity.js';
import type { ReaderStreaks } from '../../ports/reader-streaks.js';
import type { SummarySource } from '../../ports/summary-source.js';
import { newlyEarned, type AchievementCounts, type AchievementDefinition } from './achievements.js';
import { afterReview, countsOn, goalProgress, type DayCounts, type ReviewStreak } from './daily-goal.js';
import { findProfile } from './profile.repository.js';
import {
  countFacts,
  findProgress,
  findUnlocked,
  hasFact,
  insertAward,
  insertUnlock,
  insertFacts,
  lockStanding,
  saveProgress,
  takeUnannounced,
  type AwardOutcome,
  type AwardRequest,
  type ProgressRow,
  type Transaction,
} from './progress.repository.js';
import { rankChanges, rankShard, weekStartOf } from './rank-counts.js';
import { afterActivity, dayIn, streakOn, type StreakState } from './streak.js';

export interface ProgressDeps {
  db: Database;
  summaries: SummarySource;
  achievements: readonly AchievementDefinition[];
  /** Told after a reader's progress changed (the rankings forget their cached standing). */
  onChange?: (userId: string) => void;
  now?: () => Date;
}

/** What one activity changes, gathered while its transaction runs. */
interface Work {
  xp: number;
  xpAwarded: number;
  levelUpBonus: number;
  /** The reader's calendar day now (their time zone). */
  today: string;
  /** What today has done toward the daily goal, this activity included. */
  day: DayCounts;
  reviewStreak: ReviewStreak;
  counters: Pick<
    ProgressRow,
    'booksRead' | 'summariesGenerated' | 'audios' | 'shares' | 'feedbacks' | 'reviews'
  >;
  facts: { languages: number; categories: number };
  unlocked: Set<string>;
  unlockedNow: AchievementDefinition[];
}

/**
 * Does `step` for one reader in one transaction, then levels, achievements, streak and ranks;
 * `first` is the outcome of the award recorded with the reader's standing, when there is one.
 */
type Step = (tx: Transaction, work: Work, first: AwardOutcome | undefined) => Promise<void>;

const streakOf = (row: ProgressRow): StreakState => ({
  current: row.streakCurrent,
  longest: row.streakLongest,
  lastDay: row.streakLastDay,
  freezes: row.streakFreezes,
});

const streakColumns = (streak: StreakState) => ({
  streakCurrent: streak.current,
  streakLongest: streak.longest,
  streakLastDay: streak.lastDay,
  streakFreezes: streak.freezes,
});

/**
 * XP, levels, streaks and achievements: the server decides every amount and awards each once
 * (the primary keys of xp_awards and reader_achievements), one reader's awards one after the
 * other (their progress row is locked). Also the ReaderActivity port: what other features report.
 */
export class ProgressService implements ReaderActivity, GoalActivity, ReaderStreaks {
  constructor(private readonly deps: ProgressDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * `POST /api/xp`: awards the event once, if its subject exists for this reader. Every event's
   * subject is a summary, which must be in the reader's own history: summary ids are public, and
   * XP for summaries never opened would let anyone farm the rankings.
   */
  async award(userId: string, { eventType, subjectId }: XpEventRequest): Promise<AddXpResult> {
    const { summaries } = this.deps;
    // In the reader's history (every summary there is stored, so it has a topic) and its topic, in one look-up.
    const topic = await summaries.topicInHistory(userId, subjectId);
    if (!topic) throw new AppError('NOT_FOUND', 404);
    if (eventType === 'feedback_given' && !(await summaries.feedbackGiven(userId, subjectId))) {
      throw new AppError('NOT_FOUND', 404);
    }
    const xp = XP_BY_EVENT[eventType];
    // The first read of a summary brings its language and category (recorded with the award).
    const facts: AwardRequest['facts'] =
      eventType === 'read_summary'
        ? [
            { kind: 'language', value: topic.language },
            ...(topic.category ? [{ kind: 'category' as const, value: topic.category }] : []),
          ]
        : [];
    const request: AwardRequest = { award: { eventType, subject: subjectId, xp }, facts };
    // The award is recorded with the reader's standing, in the statement that locks it.
    const step: Step = async (tx, work, first) => {
      // Recorded before this check, and taken back with the transaction when it fails.
      if (eventType === 'audio_generated' && !(await hasFact(tx, userId, 'audio', subjectId))) {
        throw new AppError('NOT_FOUND', 404);
      }
      // Reading counts toward the day's goal every day, not only the first time.
      if (eventType === 'read_summary') work.day.summaries += 1;
      if (!first?.awarded) return;
      work.xp += xp;
      work.xpAwarded = xp;
      // The first read of a summary is a book read (the spec's increment_book_read).
      if (eventType === 'read_summary') work.counters.booksRead += 1;
      for (const kind of first.newFacts) {
        if (kind === 'language') work.facts.languages += 1;
        if (kind === 'category') work.facts.categories += 1;
      }
      if (eventType === 'share_summary') work.counters.shares += 1;
      if (eventType === 'feedback_given') work.counters.feedbacks += 1;
    };
    return this.apply(userId, true, step, request);
  }

  /** The ReaderActivity port: a generation counts for the streak; an audio may then be claimed. */
  async record(event: ReaderActivityEvent): Promise<void> {
    await this.apply(event.userId, false, async (tx, work) => {
      if (event.type === 'summary_generated') {
        work.day.summaries += 1;
        work.counters.summariesGenerated += 1;
      } else if (
        (await insertFacts(tx, event.userId, [{ kind: 'audio', value: event.summaryId }])).length > 0
      ) {
        work.counters.audios += 1;
      }
    });
  }

  /**
   * The GoalActivity port: a review card graded. `save` (the card's new schedule) runs in the
   * award's transaction; the review earns REVIEW_XP once per card and day, moves the review
   * streak and counts toward a 'cards' goal.
   */
  async reviewed(
    userId: string,
    cardId: string,
    save: (tx: DatabaseTransaction) => Promise<void>,
  ): Promise<AddXpResult> {
    return this.apply(userId, true, async (tx, work) => {
      await save(tx);
      const award = { eventType: 'review_card', subject: `${cardId}@${work.today}`, xp: REVIEW_XP };
      if (!(await insertAward(tx, userId, award)).awarded) return;
      work.xp += REVIEW_XP;
      work.xpAwarded = REVIEW_XP;
      work.counters.reviews += 1;
      work.day.cards += 1;
      work.reviewStreak = afterReview(work.reviewStreak, work.today);
    });
  }

  /**
   * The GoalActivity port: listening reported. `count` runs in the transaction with the reader's
   * day and answers the seconds it accepted, which count toward a 'listening' goal.
   */
  async listened(
    userId: string,
    count: (tx: DatabaseTransaction, today: string) => Promise<number>,
  ): Promise<{ counted: number; progress: ReaderProgress }> {
    let counted = 0;
    const result = await this.apply(userId, false, async (tx, work) => {
      counted = await count(tx, work.today);
      work.day.listenedSeconds += counted;
    });
    return { counted, progress: result.progress };
  }

  /**
   * The reader's XP, level, streak (as it stands today) and counters, from their progress row
   * (undefined while they have none), time zone and number of unlocked achievements (read with
   * their profile: GET /api/me is one statement).
   */
  progressOf({
    progress,
    timeZone,
    unlocked,
    dailyGoal,
  }: {
    progress: ProgressRow | undefined;
    timeZone: string | null;
    unlocked: number;
    dailyGoal: DailyGoal;
  }): ReaderProgress {
    return progressView(progress, dayIn(timeZone, this.now()), unlocked, dailyGoal);
  }

  /** The ReaderStreaks port: the reader's streak at `at`, its days counted in `timeZone`. */
  async streakAt(userId: string, timeZone: string, at: Date): Promise<Streak> {
    const row = await findProgress(this.deps.db, userId);
    return streakOfDay(row, dayIn(timeZone, at));
  }

  /** Every achievement, unlocked or not, with the reader's progress toward it. */
  async achievements(userId: string): Promise<AchievementsResponse> {
    const { db } = this.deps;
    const [row, unlocked, facts, profile] = await Promise.all([
      findProgress(db, userId),
      findUnlocked(db, userId),
      countFacts(db, userId),
      findProfile(db, userId),
    ]);
    const view = progressView(
      row,
      dayIn(profile?.timeZone ?? null, this.now()),
      unlocked.length,
      profile?.dailyGoal ?? DEFAULT_DAILY_GOAL,
    );
    const counts = countsOf(row, facts, row ? Math.max(row.streakLongest, view.streak.current) : 0);
    const unlockedAt = new Map(unlocked.map((item) => [item.key, item.unlockedAt]));
    return {
      achievements: this.deps.achievements.map((achievement) => ({
        key: achievement.key,
        icon: achievement.icon,
        xp: achievement.xp,
        unlockedAt: unlockedAt.get(achievement.key)?.toISOString() ?? null,
        ...towards(achievement, counts, view.xp),
      })),
    };
  }

  private async apply(
    userId: string,
    announce: boolean,
    step: Step,
    firstAward?: AwardRequest,
  ): Promise<AddXpResult> {
    const now = this.now();
    const weekStart = weekStartOf(now);
    const result = await this.deps.db.transaction(async (tx) => {
      const standing = await lockStanding(tx, userId, weekStart, firstAward);
      const { row, unlocked } = standing;
      const facts = { languages: standing.languages, categories: standing.categories };
      const today = dayIn(standing.timeZone, now);
      const dayBefore = dayCountsOf(row, today);
      const work: Work = {
        xp: row.xp,
        xpAwarded: 0,
        levelUpBonus: 0,
        today,
        day: { ...dayBefore },
        reviewStreak: reviewStreakOf(row),
        counters: {
          booksRead: row.booksRead,
          summariesGenerated: row.summariesGenerated,
          audios: row.audios,
          shares: row.shares,
          feedbacks: row.feedbacks,
          reviews: row.reviews,
        },
        facts,
        unlocked,
        unlockedNow: [],
      };
      await step(tx, work, standing.first);
      // Meeting the day's goal is what keeps the streak (issue 27); the default goal, a summary
      // read or generated, is the rule the streak had before goals.
      const goalMet = goalProgress(standing.dailyGoal, work.day).met;
      const streak = goalMet ? afterActivity(streakOf(row), today) : streakOf(row);
      await this.settle(tx, userId, row, work, streak);

      const gained = work.xp - row.xp;
      const oldWeekXp = row.weekStart === weekStart ? row.weekXp : 0;
      // Unlocks are celebrated by the reader's next award (a generation's, by the read that follows).
      const shown =
        announce && (standing.unannounced > 0 || work.unlockedNow.length > 0)
          ? await takeUnannounced(tx, userId)
          : [];
      // Last, so that the rank count rows other readers' awards may need are held for the
      // shortest time.
      const level = tierOf(work.xp).level;
      // The level the reader knows: an earlier activity that was not announced (a generation, an
      // audio) may have moved it since. An announced award tells them; an unannounced one keeps
      // the level they were last told of, for the next award to announce.
      const knownLevel = row.announcedLevel ?? tierOf(row.xp).level;
      const announcedLevel = announce || level === knownLevel ? null : knownLevel;
      // What the work changed: saved (with the week's XP), and laid over the old row for the answer.
      const changed = {
        xp: work.xp,
        announcedLevel,
        ...work.counters,
        ...dayColumns(today, work.day),
        ...reviewStreakColumns(work.reviewStreak),
        ...streakColumns(streak),
      };
      await saveProgress(
        tx,
        userId,
        { ...row, ...changed, ...(gained > 0 ? { weekStart, weekXp: oldWeekXp + gained } : {}) },
        {
          shard: rankShard(userId),
          changes: rankChanges({ language: row.language, weekStart, xp: row.xp, weekXp: oldWeekXp }, gained),
        },
      );
      const saved: ProgressRow = { ...row, ...changed };
      return {
        leveled_up: level > knownLevel,
        new_xp: work.xp,
        new_level: level,
        xpAwarded: work.xpAwarded,
        levelUpBonus: work.levelUpBonus,
        achievements: shown.flatMap((key) => this.unlockOf(key)),
        progress: progressView(saved, today, work.unlocked.size, standing.dailyGoal),
      };
    });
    this.deps.onChange?.(userId);
    return result;
  }

  /**
   * Level-up bonuses and achievements, until nothing more is earned: a bonus can reach the
   * next level, and an achievement's reward another achievement.
   */
  private async settle(
    tx: Transaction,
    userId: string,
    row: ProgressRow,
    work: Work,
    streak: StreakState,
  ): Promise<void> {
    const startLevel = tierOf(row.xp).level;
    for (let earned = true; earned;) {
      earned = false;
      for (let level = startLevel + 1; level <= tierOf(work.xp).level; level += 1) {
        const bonus = { eventType: 'level_up', subject: String(level), xp: LEVEL_UP_REWARD_XP };
        if ((await insertAward(tx, userId, bonus)).awarded) {
          work.xp += LEVEL_UP_REWARD_XP;
          work.levelUpBonus += LEVEL_UP_REWARD_XP;
          earned = true;
        }
      }
      const counts = countsOf(
        { ...row, ...work.counters, xp: work.xp, reviewStreakLongest: work.reviewStreak.longest },
        work.facts,
        streak.longest,
      );
      for (const achievement of newlyEarned(this.deps.achievements, counts, work.unlocked)) {
        work.unlocked.add(achievement.key);
        if (!(await insertUnlock(tx, userId, achievement.key))) continue;
        work.unlockedNow.push(achievement);
        const reward = { eventType: 'achievement', subject: achievement.key, xp: achievement.xp };
        if ((await insertAward(tx, userId, reward)).awarded) {
          work.xp += achievement.xp;
          earned = true;
        }
      }
    }
  }

  private unlockOf(key: string): AchievementUnlock[] {
    const achievement = this.deps.achievements.find((item) => item.key === key);
    return achievement ? [{ key, icon: achievement.icon, xp: achievement.xp }] : [];
  }
}

/** How far the reader is toward an achievement; a level's in XP, toward the level's threshold. */
function towards(
  achievement: AchievementDefinition,
  counts: AchievementCounts,
  xp: number,
): { current: number; target: number } {
  const { counter, target } = achievement.rule;
  const tier = LEVEL_TIERS.find((candidate) => candidate.level === target);
  if (counter === 'level' && tier) return { current: Math.min(xp, tier.minXp), target: tier.minXp };
  return { current: Math.min(counts[counter], target), target };
}

function countsOf(
  row:
    | Pick<
        ProgressRow,
        | 'xp'
        | 'booksRead'
        | 'summariesGenerated'
        | 'audios'
        | 'shares'
        | 'feedbacks'
        | 'reviews'
        | 'reviewStreakLongest'
      >
    | undefined,
  facts: { languages: number; categories: number },
  longestStreak: number,
): AchievementCounts {
  return {
    summaries_generated: row?.summariesGenerated ?? 0,
    books_read: row?.booksRead ?? 0,
    streak: longestStreak,
    audios: row?.audios ?? 0,
    shares: row?.shares ?? 0,
    feedbacks: row?.feedbacks ?? 0,
    languages: facts.languages,
    categories: facts.categories,
    level: tierOf(row?.xp ?? 0).level,
    reviews: row?.reviews ?? 0,
    review_streak: row?.reviewStreakLongest ?? 0,
  };
}

function dayCountsOf(row: ProgressRow | undefined, today: string): DayCounts {
  if (!row) return { summaries: 0, listenedSeconds: 0, cards: 0 };
  return countsOn(
    {
      day: row.todayDay,
      summaries: row.todaySummaries,
      listenedSeconds: row.todayListenedSeconds,
      cards: row.todayCards,
    },
    today,
  );
}

function dayColumns(today: string, day: DayCounts) {
  return {
    todayDay: today,
    todaySummaries: day.summaries,
    todayListenedSeconds: day.listenedSeconds,
    todayCards: day.cards,
  };
}

function reviewStreakOf(row: ProgressRow): ReviewStreak {
  return { current: row.reviewStreakCurrent, longest: row.reviewStreakLongest, lastDay: row.reviewLastDay };
}

function reviewStreakColumns(streak: ReviewStreak) {
  return {
    reviewStreakCurrent: streak.current,
    reviewStreakLongest: streak.longest,
    reviewLastDay: streak.lastDay,
  };
}

/** The reader's streak as it stands on `today` (none while they have no progress row). */
function streakOfDay(row: ProgressRow | undefined, today: string): Streak {
  return row ? streakOn(streakOf(row), today) : { current: 0, longest: 0, freezes: 0, today: false };
}

function progressView(
  row: ProgressRow | undefined,
  today: string,
  achievementsUnlocked: number,
  dailyGoal: DailyGoal,
): ReaderProgress {
  const streak = streakOfDay(row, today);
  const xp = row?.xp ?? 0;
  return {
    xp,
    level: tierOf(xp).level,
    streak,
    booksRead: row?.booksRead ?? 0,
    summariesGenerated: row?.summariesGenerated ?? 0,
    achievementsUnlocked,
    today: goalProgress(dailyGoal, dayCountsOf(row, today)),
  };
}
