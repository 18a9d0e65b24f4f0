import { createEmptyCard, fsrs, Rating, State, type Card, type Grade } from 'ts-fsrs';
import type { ReviewGrade } from '@summa/shared';
import type { ScheduleColumns } from './reviews.repository.js';

/**
 * The FSRS scheduler (ts-fsrs) with its default parameters: 90% retention, short-term learning
 * steps (an "Again" comes back within minutes the same day), fuzz off so the same review always
 * schedules the same due date (the tests rely on it).
 */
const scheduler = fsrs({ enable_fuzz: false });

/** The stored state (a smallint) as ts-fsrs's State. */
const STATES = [State.New, State.Learning, State.Review, State.Relearning] as const;
const RATINGS: Readonly<Record<ReviewGrade, Grade>> = {
  1: Rating.Again,
  2: Rating.Hard,
  3: Rating.Good,
  4: Rating.Easy,
};

function stateOf(stored: number): State {
  return STATES[stored] ?? State.New;
}

function cardOf(row: ScheduleColumns): Card {
  // The days since the last review are worked out from `last_review` (FSRS 5 and later).
  return {
    ...createEmptyCard(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: stateOf(row.state),
    ...(row.lastReview ? { last_review: row.lastReview } : {}),
  };
}

/** The card's schedule after a review graded `grade` (1 Again to 4 Easy) at `now`. */
export function nextSchedule(row: ScheduleColumns, grade: ReviewGrade, now: Date): ScheduleColumns {
  const { card } = scheduler.next(cardOf(row), now, RATINGS[grade]);
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATES.indexOf(card.state),
    lastReview: card.last_review ?? now,
  };
}

/** Whether a card has never been graded. */
export function isNewCard(state: number): boolean {
  return stateOf(state) === State.New;
}
