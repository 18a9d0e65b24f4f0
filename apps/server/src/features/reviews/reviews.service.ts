import {
  REVIEW_DUE_PAGE,
  type DueReviews,
  type ReviewGradeRequest,
  type ReviewGradeResult,
} from '@summa/shared';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { GoalActivity } from '../../ports/goal-activity.js';
import { isNewCard, nextSchedule } from './review-schedule.js';
import { countCards, ensureCards, findDue, lockCard, saveSchedule } from './reviews.repository.js';

export interface ReviewsDeps {
  db: Database;
  /** Where a review's XP, streak and goal go (features/gamification). */
  goals: GoalActivity;
  now?: () => Date;
}

/**
 * The daily review (issue 27, ADR 0033): each summary in the reader's history gives cards, made
 * when the reader asks for their due cards; grading one schedules it again with FSRS and earns
 * its XP through the GoalActivity port, in the same transaction.
 */
export class ReviewsService {
  constructor(private readonly deps: ReviewsDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** `GET /api/reviews/due`: makes the cards of new summaries in the history, then the due ones. */
  async due(userId: string): Promise<DueReviews> {
    const { db } = this.deps;
    const now = this.now();
    await ensureCards(db, userId, now);
    const [cards, counts] = await Promise.all([
      findDue(db, userId, now, REVIEW_DUE_PAGE),
      countCards(db, userId, now),
    ]);
    return {
      cards: cards.map(({ state, due, ...card }) => ({
        ...card,
        isNew: isNewCard(state),
        due: due.toISOString(),
      })),
      dueCount: counts.due,
      totalCards: counts.total,
      nextDue: counts.nextDue?.toISOString() ?? null,
    };
  }

  /** `POST /api/reviews/:cardId`: 404 unless the card is the reader's. */
  async grade(userId: string, cardId: string, { grade }: ReviewGradeRequest): Promise<ReviewGradeResult> {
    const now = this.now();
    let due: Date | undefined;
    const award = await this.deps.goals.reviewed(userId, cardId, async (tx) => {
      const card = await lockCard(tx, userId, cardId);
      if (!card) throw new AppError('NOT_FOUND', 404);
      const next = nextSchedule(card, grade, now);
      await saveSchedule(tx, cardId, next);
      due = next.due;
    });
    if (!due) throw new Error(`card ${cardId} was graded without a schedule`);
    return { cardId, due: due.toISOString(), award };
  }
}
