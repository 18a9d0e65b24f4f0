import { z } from 'zod';
import { LANGUAGES } from '../languages.js';
import { PLAN_TYPES } from '../plans.js';
import { ROLES } from './auth.js';
import { FEEDBACK_VOTES, summaryContentSchema } from './summaries.js';
import { text } from './text.js';

// The admin console (ADR 0030): readers, summaries, contact messages, feedback, usage, audit log.

/** What the audit log records; each admin endpoint that changes something writes one. */
export const ADMIN_ACTIONS = [
  'premium.grant',
  'premium.revoke',
  'role.change',
  'reader.sign-out',
  'reader.delete',
  'summary.remove',
  'summary.regenerate',
  'contact.handled',
  'testimonial.approve',
  'testimonial.withdraw',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** The usage log: reader requests for a summary or an audio, and the model's runs. */
export const WORK_LOG_KINDS = ['summary', 'audio', 'model'] as const;
export type WorkLogKind = (typeof WORK_LOG_KINDS)[number];
/** `cached`: delivered from the store; `made`: the model or the voice made it; `failed`: with its cause. */
export const WORK_LOG_OUTCOMES = ['cached', 'made', 'failed'] as const;
export type WorkLogOutcome = (typeof WORK_LOG_OUTCOMES)[number];

/** A calendar day, YYYY-MM-DD, that exists (not 2026-02-30). */
const isoDate = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  });

export const adminIdParamsSchema = z.object({ id: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Readers

/** `GET /api/admin/readers?q=`: part of an e-mail or a nickname (any case); the newest without one. */
export const adminReadersQuerySchema = z.object({ q: text().trim().max(320).optional() });

export const adminReaderSchema = z
  .object({
    id: z.uuid(),
    email: text(),
    fullName: text(),
    nickname: text().nullable(),
    role: z.enum(ROLES),
    plan: z.enum(PLAN_TYPES),
    /** Premium granted by an admin (can be revoked here). */
    premiumGranted: z.boolean(),
    emailConfirmed: z.boolean(),
    language: z.enum(LANGUAGES),
    /** ISO 8601 */
    signedUpAt: text(),
    summariesThisMonth: z.number().int(),
    audiosThisMonth: z.number().int(),
    /** ISO 8601: the latest sign-in or refresh of any session; null when never. */
    lastSeenAt: text().nullable(),
  })
  .meta({ id: 'AdminReader' });
export type AdminReader = z.infer<typeof adminReaderSchema>;

export const adminReadersResponseSchema = z
  .object({ readers: z.array(adminReaderSchema) })
  .meta({ id: 'AdminReadersResponse' });
export type AdminReadersResponse = z.infer<typeof adminReadersResponseSchema>;

export const adminRoleRequestSchema = z.object({ role: z.enum(ROLES) }).meta({ id: 'AdminRoleRequest' });
export type AdminRoleRequest = z.infer<typeof adminRoleRequestSchema>;

export const adminReaderResponseSchema = z
  .object({ reader: adminReaderSchema })
  .meta({ id: 'AdminReaderResponse' });
export type AdminReaderResponse = z.infer<typeof adminReaderResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Summaries

export const ADMIN_SUMMARY_SORTS = ['newest', 'oldest', 'best', 'worst'] as const;

export const adminSummariesQuerySchema = z.object({
  q: text().trim().max(200).optional(),
  language: z.enum(LANGUAGES).optional(),
  /** Made on or after this day (YYYY-MM-DD, UTC). */
  from: isoDate.optional(),
  /** Made on or before this day (YYYY-MM-DD, UTC). */
  to: isoDate.optional(),
  sort: z.enum(ADMIN_SUMMARY_SORTS).optional(),
});
export type AdminSummariesQuery = z.infer<typeof adminSummariesQuerySchema>;

export const adminSummarySchema = z
  .object({
    id: z.uuid(),
    title: text(),
    author: text(),
    language: z.enum(LANGUAGES),
    /** 'editorial' and 'editor' summaries cannot be removed. */
    source: z.enum(['model', 'editorial', 'editor']),
    model: text(),
    createdAt: text(),
    likes: z.number().int(),
    dislikes: z.number().int(),
    /** likes − dislikes */
    score: z.number().int(),
    /** How many readers have it in their history. */
    readers: z.number().int(),
  })
  .meta({ id: 'AdminSummary' });
export type AdminSummary = z.infer<typeof adminSummarySchema>;

export const adminSummariesResponseSchema = z
  .object({ summaries: z.array(adminSummarySchema) })
  .meta({ id: 'AdminSummariesResponse' });
export type AdminSummariesResponse = z.infer<typeof adminSummariesResponseSchema>;

export const adminSummaryResponseSchema = z
  .object({ summary: adminSummarySchema, content: summaryContentSchema })
  .meta({ id: 'AdminSummaryResponse' });
export type AdminSummaryResponse = z.infer<typeof adminSummaryResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Contact messages

export const adminContactMessageSchema = z
  .object({
    id: z.uuid(),
    name: text(),
    email: text(),
    message: text(),
    language: z.enum(LANGUAGES),
    createdAt: text(),
    /** ISO 8601; null while it waits. */
    handledAt: text().nullable(),
  })
  .meta({ id: 'AdminContactMessage' });
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const adminContactMessagesResponseSchema = z
  .object({ messages: z.array(adminContactMessageSchema) })
  .meta({ id: 'AdminContactMessagesResponse' });
export type AdminContactMessagesResponse = z.infer<typeof adminContactMessagesResponseSchema>;

export const adminContactMessageResponseSchema = z
  .object({ message: adminContactMessageSchema })
  .meta({ id: 'AdminContactMessageResponse' });

// ---------------------------------------------------------------------------------------------
// Feedback

export const adminFeedbackSchema = z
  .object({
    feedbackId: z.uuid(),
    vote: z.enum(FEEDBACK_VOTES),
    comment: text().nullable(),
    summaryId: z.uuid(),
    bookTitle: text(),
    language: z.enum(LANGUAGES),
    /** The reader's nickname; null without one (a comment needs one to be shown). */
    nickname: text().nullable(),
    createdAt: text(),
    /** Whether it may be approved for the landing (a thumbs-up with a comment, from a reader with a nickname). */
    eligible: z.boolean(),
    approvedAt: text().nullable(),
  })
  .meta({ id: 'AdminFeedback' });
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;

export const adminFeedbackResponseSchema = z
  .object({ feedback: z.array(adminFeedbackSchema) })
  .meta({ id: 'AdminFeedbackResponse' });
export type AdminFeedbackResponse = z.infer<typeof adminFeedbackResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Usage

export const adminUsageDaySchema = z.object({
  /** YYYY-MM-DD (UTC) */
  day: text(),
  summaries: z.number().int(),
  audios: z.number().int(),
  /** Distinct readers who asked for a summary or an audio that day. */
  activeReaders: z.number().int(),
});
export type AdminUsageDay = z.infer<typeof adminUsageDaySchema>;

export const adminUsageResponseSchema = z
  .object({
    /** The last 30 days, oldest first, each day present. */
    days: z.array(adminUsageDaySchema),
    /** Summaries delivered from the store over all delivered, last 30 days; null without any. */
    cacheHitRate: z.number().min(0).max(1).nullable(),
    /** Per model run that made a summary, last 30 days; null without any. */
    model: z.object({
      runs: z.number().int(),
      averageMs: z.number().nullable(),
      averageInputTokens: z.number().nullable(),
      averageOutputTokens: z.number().nullable(),
    }),
    /** Failed requests by error code, last 30 days, most first. */
    failures: z.array(z.object({ cause: text(), count: z.number().int() })),
    /** Distinct active readers over the last 7 days. */
    activeReadersWeek: z.number().int(),
    premiumReaders: z.number().int(),
  })
  .meta({ id: 'AdminUsageResponse' });
export type AdminUsageResponse = z.infer<typeof adminUsageResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Audit log

export const adminAuditEntrySchema = z
  .object({
    id: z.uuid(),
    action: z.enum(ADMIN_ACTIONS),
    adminEmail: text(),
    targetId: text().nullable(),
    targetLabel: text().nullable(),
    createdAt: text(),
  })
  .meta({ id: 'AdminAuditEntry' });
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditResponseSchema = z
  .object({ entries: z.array(adminAuditEntrySchema) })
  .meta({ id: 'AdminAuditResponse' });
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;
