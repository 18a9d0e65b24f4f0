import { z } from 'zod';
import { LANGUAGES } from '../languages.js';
import { addXpResultSchema, readerProgressSchema } from './gamification.js';
import { text } from './text.js';

/**
 * What a review card asks: a key idea (front: its title, back: its explanation), an action
 * (back: the action), a fiction summary's character (front: the name, back: the description) or
 * theme (back: the theme). A card without a front is asked with its kind's question.
 */
export const REVIEW_CARD_KINDS = ['idea', 'action', 'character', 'theme'] as const;
export type ReviewCardKind = (typeof REVIEW_CARD_KINDS)[number];

/** FSRS's four grades: 1 Again, 2 Hard, 3 Good, 4 Easy. */
export const REVIEW_GRADES = [1, 2, 3, 4] as const;
export type ReviewGrade = (typeof REVIEW_GRADES)[number];

/** The most cards one `GET /api/reviews/due` answers (the rest come after these are graded). */
export const REVIEW_DUE_PAGE = 20;

/** A card to review, in its summary's language. */
export const reviewCardSchema = z
  .object({
    id: z.uuid(),
    summaryId: z.uuid(),
    bookTitle: text(),
    author: text(),
    language: z.enum(LANGUAGES),
    kind: z.enum(REVIEW_CARD_KINDS),
    /** The prompt's own words (an idea's title, a character's name); null: the kind's question. */
    front: text().nullable(),
    back: text(),
    /** Whether the reader has never graded it. */
    isNew: z.boolean(),
    due: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ReviewCard' });
export type ReviewCard = z.infer<typeof reviewCardSchema>;

/** `GET /api/reviews/due`: the cards due now (oldest due first, at most REVIEW_DUE_PAGE). */
export const dueReviewsSchema = z
  .object({
    cards: z.array(reviewCardSchema),
    /** Every card due now, those not in `cards` included. */
    dueCount: z.number().int().min(0),
    /** Every card the reader has. */
    totalCards: z.number().int().min(0),
    /** When the next card falls due after those due now; null without cards. */
    nextDue: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'DueReviews' });
export type DueReviews = z.infer<typeof dueReviewsSchema>;

export const reviewParamsSchema = z.object({ cardId: z.uuid() });

/** `POST /api/reviews/:cardId`: how well the reader remembered. */
export const reviewGradeRequestSchema = z
  .object({ grade: z.literal(REVIEW_GRADES) })
  .meta({ id: 'ReviewGradeRequest' });
export type ReviewGradeRequest = z.infer<typeof reviewGradeRequestSchema>;

/** The answer: when the card comes back, and what the review earned (XP once per card and day). */
export const reviewGradeResultSchema = z
  .object({
    cardId: z.uuid(),
    due: z.iso.datetime({ offset: true }),
    award: addXpResultSchema,
  })
  .meta({ id: 'ReviewGradeResult' });
export type ReviewGradeResult = z.infer<typeof reviewGradeResultSchema>;

/** The longest a report of listening may cover: the player reports about every 15 s. */
export const LISTENING_REPORT_MAX_SECONDS = 60;

/**
 * `POST /api/summaries/:id/audio/listened`: seconds of the summary's narration the reader has
 * listened to since the last report. The server counts them toward the day's listening only up
 * to the time since the reader's last report and the narration's real duration per day.
 */
export const listeningReportSchema = z
  .object({ seconds: z.int().min(1).max(LISTENING_REPORT_MAX_SECONDS) })
  .meta({ id: 'ListeningReport' });
export type ListeningReport = z.infer<typeof listeningReportSchema>;

/** The seconds counted and the reader's progress after them (the header's goal). */
export const listeningResultSchema = z
  .object({ counted: z.int().min(0), progress: readerProgressSchema })
  .meta({ id: 'ListeningResult' });
export type ListeningResult = z.infer<typeof listeningResultSchema>;
