import type { FastifyBaseLogger } from 'fastify';
import {
  TESTIMONIALS_MAX_SHOWN,
  type AdminTestimonial,
  type Language,
  type Testimonial,
} from '@summa/shared';
import { createMemoryLoader } from '../../cache/memory-cache.js';
import type { Database } from '../../db/database.js';
import type { AuditStep } from '../../ports/admin-audit.js';
import { AppError } from '../../http/app-error.js';
import type { AccountDeletionStep } from '../../ports/account-deletion.js';
import {
  approve,
  findEligibility,
  findTestimonial,
  listApproved,
  listEligible,
  withdraw,
  type TestimonialRecord,
} from './testimonials.repository.js';

/** The admin's list is for reading through, not paging: the newest this many. */
const ADMIN_LIST_LIMIT = 500;

export interface TestimonialsDeps {
  db: Database;
  log: FastifyBaseLogger;
}

function adminView(record: TestimonialRecord): AdminTestimonial {
  return {
    feedbackId: record.feedbackId,
    nickname: record.nickname,
    comment: record.comment,
    bookTitle: record.bookTitle,
    language: record.language,
    createdAt: record.createdAt.toISOString(),
    approvedAt: record.approvedAt?.toISOString() ?? null,
  };
}

/**
 * Readers' words on the landing, honestly: only feedback comments an admin approved, signed with
 * the reader's nickname. What makes one eligible is read again on every list (a reader who drops
 * their nickname, or deletes their account, is no longer shown); the public list is cached per
 * instance for a minute (CACHE_SETTINGS.testimonials). Also an AccountDeletionStep: a deleted
 * reader's testimonial leaves this instance's cache at once.
 */
export class TestimonialsService implements AccountDeletionStep {
  private readonly approved = createMemoryLoader<{ testimonials: Testimonial[] }>(
    'testimonials',
    async (language) => {
      const records = await listApproved(this.deps.db, language as Language, TESTIMONIALS_MAX_SHOWN);
      return {
        testimonials: records.map(({ nickname, comment, bookTitle, language: summaryLanguage }) => ({
          nickname,
          comment,
          bookTitle,
          language: summaryLanguage,
        })),
      };
    },
  );

  constructor(private readonly deps: TestimonialsDeps) {}

  /** The approved testimonials in one language, newest approval first. */
  async list(language: Language): Promise<{ testimonials: Testimonial[] }> {
    const answer = await this.approved.fetch(language);
    if (!answer) throw new Error('testimonials not loaded');
    return answer;
  }

  /** Every comment an admin can approve, the approved ones first. */
  async adminList(): Promise<AdminTestimonial[]> {
    return (await listEligible(this.deps.db, ADMIN_LIST_LIMIT)).map(adminView);
  }

  /** 404 for no such feedback; 409 TESTIMONIAL_NOT_ELIGIBLE for one that cannot be shown. */
  async approve(feedbackId: string, adminId: string, audit: AuditStep): Promise<AdminTestimonial> {
    const feedback = await findEligibility(this.deps.db, feedbackId);
    if (!feedback) throw new AppError('NOT_FOUND', 404);
    if (feedback.vote !== 'up' || !feedback.nickname || !feedback.comment?.trim()) {
      throw new AppError('TESTIMONIAL_NOT_ELIGIBLE', 409);
    }
    const approved = await this.deps.db.transaction(async (tx) => {
      if (!(await approve(tx, feedbackId, adminId))) return false;
      await audit(tx, feedback.nickname ?? undefined);
      return true;
    });
    if (!approved) throw new AppError('NOT_FOUND', 404);
    this.approved.clear();
    this.deps.log.info({ feedbackId, adminId }, 'testimonial approved for the landing');
    const record = await findTestimonial(this.deps.db, feedbackId);
    if (!record) throw new AppError('NOT_FOUND', 404);
    return adminView(record);
  }

  /** Takes it off the landing; 404 for no such feedback. */
  async withdraw(feedbackId: string, adminId: string, audit: AuditStep): Promise<void> {
    const withdrawn = await this.deps.db.transaction(async (tx) => {
      if (!(await withdraw(tx, feedbackId))) return false;
      await audit(tx);
      return true;
    });
    if (!withdrawn) throw new AppError('NOT_FOUND', 404);
    this.approved.clear();
    this.deps.log.info({ feedbackId, adminId }, 'testimonial withdrawn from the landing');
  }

  async withinDeletion(): Promise<void> {
    // The reader's feedback, and so their testimonial, goes with the account by cascade.
  }

  afterDeletion(): void {
    this.approved.clear();
  }
}
