import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Language } from '@summa/shared';
import type { Database, Transaction } from '../../db/database.js';
import { bookSummaries, profiles, summaryFeedback } from '../../db/schema/index.js';

/** A feedback comment as the admin's list shows it. */
export interface TestimonialRecord {
  feedbackId: string;
  nickname: string;
  comment: string;
  bookTitle: string;
  language: Language;
  createdAt: Date;
  approvedAt: Date | null;
}

/** What decides whether a feedback can be a testimonial. */
export interface FeedbackEligibility {
  vote: 'up' | 'down';
  comment: string | null;
  nickname: string | null;
}

const COLUMNS = {
  feedbackId: summaryFeedback.id,
  // The joins and the conditions below make these non-null.
  nickname: sql<string>`${profiles.nickname}`,
  comment: sql<string>`${summaryFeedback.comment}`,
  bookTitle: bookSummaries.title,
  language: bookSummaries.language,
  createdAt: summaryFeedback.createdAt,
  approvedAt: summaryFeedback.testimonialApprovedAt,
};

/**
 * A testimonial is a thumbs-up with a comment, from a reader with a nickname: the name they chose
 * to show others (the rankings show it too). Their full name was given for the account, never to
 * be published, and the e-mail never is.
 */
const ELIGIBLE = and(
  eq(summaryFeedback.vote, 'up'),
  isNotNull(profiles.nickname),
  sql`btrim(coalesce(${summaryFeedback.comment}, '')) <> ''`,
);

function testimonials(db: Database) {
  return db
    .select(COLUMNS)
    .from(summaryFeedback)
    .innerJoin(profiles, eq(profiles.id, summaryFeedback.userId))
    .innerJoin(bookSummaries, eq(bookSummaries.id, summaryFeedback.summaryId));
}

/** Every comment that can be approved, approved or not: the approved first, then the newest. */
export async function listEligible(db: Database, limit: number): Promise<TestimonialRecord[]> {
  return testimonials(db)
    .where(ELIGIBLE)
    .orderBy(sql`${summaryFeedback.testimonialApprovedAt} desc nulls last`, desc(summaryFeedback.createdAt))
    .limit(limit);
}

/** The approved testimonials in one language, newest approval first. */
export async function listApproved(
  db: Database,
  language: Language,
  limit: number,
): Promise<TestimonialRecord[]> {
  return testimonials(db)
    .where(
      and(ELIGIBLE, isNotNull(summaryFeedback.testimonialApprovedAt), eq(bookSummaries.language, language)),
    )
    .orderBy(desc(summaryFeedback.testimonialApprovedAt))
    .limit(limit);
}

/** One feedback's testimonial view, eligible or not (undefined: no such feedback). */
export async function findTestimonial(
  db: Database,
  feedbackId: string,
): Promise<TestimonialRecord | undefined> {
  const [row] = await testimonials(db).where(eq(summaryFeedback.id, feedbackId));
  return row;
}

/** What the approval checks; undefined when there is no such feedback. */
export async function findEligibility(
  db: Database,
  feedbackId: string,
): Promise<FeedbackEligibility | undefined> {
  const [row] = await db
    .select({ vote: summaryFeedback.vote, comment: summaryFeedback.comment, nickname: profiles.nickname })
    .from(summaryFeedback)
    .leftJoin(profiles, eq(profiles.id, summaryFeedback.userId))
    .where(eq(summaryFeedback.id, feedbackId));
  return row;
}

/** Approves the comment for the landing; a second approval keeps the first one's time and admin. */
export async function approve(
  db: Database | Transaction,
  feedbackId: string,
  adminId: string,
): Promise<boolean> {
  const rows = await db
    .update(summaryFeedback)
    .set({
      testimonialApprovedAt: sql`coalesce(${summaryFeedback.testimonialApprovedAt}, now())`,
      testimonialApprovedBy: sql`case when ${summaryFeedback.testimonialApprovedAt} is null then ${adminId}::uuid else ${summaryFeedback.testimonialApprovedBy} end`,
    })
    .where(eq(summaryFeedback.id, feedbackId))
    .returning({ id: summaryFeedback.id });
  return rows.length > 0;
}

/** Takes the comment off the landing (the feedback itself stays); false when there is no such feedback. */
export async function withdraw(db: Database | Transaction, feedbackId: string): Promise<boolean> {
  const rows = await db
    .update(summaryFeedback)
    .set({ testimonialApprovedAt: null, testimonialApprovedBy: null })
    .where(eq(summaryFeedback.id, feedbackId))
    .returning({ id: summaryFeedback.id });
  return rows.length > 0;
}
