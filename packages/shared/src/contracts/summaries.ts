import { z } from 'zod';
import { mistake } from './mistake.js';
import { text } from './text.js';
import { ERROR_CODES } from '../errors.js';
import { LANGUAGES } from '../languages.js';
import { PLAN_TYPES } from '../plans.js';
import { CATEGORIES } from './catalog.js';

const languageSchema = z.enum(LANGUAGES);

/** Plain text: no HTML tags, no Markdown markers; the polish step strips them before this check. */
const plainText = (maxLength: number) =>
  text()
    .trim()
    .min(1)
    .max(maxLength)
    .refine((value) => !/<\/?[a-z][^>]*>/i.test(value) && !/(\*\*|__|^#{1,6}\s)/m.test(value), {
      message: 'plain text only',
    });

const list = (itemMaxLength: number, min: number, max: number) =>
  z.array(plainText(itemMaxLength)).min(min).max(max);

export const keyIdeaSchema = z.object({ title: plainText(160), explanation: plainText(1200) });
export const planDaySchema = z.object({ focus: plainText(200), tasks: list(300, 1, 5) });
export const characterSchema = z.object({ name: plainText(120), description: plainText(600) });

/**
 * The sections of a non-fiction summary, in the order the model writes them (so the first
 * section reaches the reader first) and the page shows them.
 */
export const nonFictionSectionsSchema = z.object({
  oneLiner: plainText(400),
  keyIdeas: z.array(keyIdeaSchema).min(5).max(7),
  actions: list(400, 5, 7),
  routine: list(300, 3, 7),
  sevenDayPlan: z.array(planDaySchema).length(7),
  metrics: list(300, 3, 6),
  pitfalls: list(400, 3, 6),
  closing: plainText(1000),
});
export type NonFictionSections = z.infer<typeof nonFictionSectionsSchema>;

/** The sections of a fiction summary: the spec's narration headings. */
export const fictionSectionsSchema = z.object({
  oneLiner: plainText(400),
  synopsis: plainText(2500),
  themes: list(400, 3, 6),
  characters: z.array(characterSchema).min(2).max(8),
  writingStyle: plainText(1000),
  recommendedFor: plainText(800),
  closing: plainText(1000),
});
export type FictionSections = z.infer<typeof fictionSectionsSchema>;

export const BOOK_KINDS = ['nonfiction', 'fiction'] as const;
export type BookKind = (typeof BOOK_KINDS)[number];

export const summaryContentSchema = z.discriminatedUnion('kind', [
  nonFictionSectionsSchema.extend({ kind: z.literal('nonfiction') }),
  fictionSectionsSchema.extend({ kind: z.literal('fiction') }),
]);
export type SummaryContent = z.infer<typeof summaryContentSchema>;

export const NON_FICTION_SECTIONS = Object.keys(nonFictionSectionsSchema.shape) as Array<
  keyof NonFictionSections
>;
export const FICTION_SECTIONS = Object.keys(fictionSectionsSchema.shape) as Array<keyof FictionSections>;
export type SummarySectionKey = keyof NonFictionSections | keyof FictionSections;

/** Generation steps and the progress each one stands for (spec §4). */
export const GENERATION_STEPS = ['resolve', 'summarize', 'polish', 'done', 'error'] as const;
export type GenerationStep = (typeof GENERATION_STEPS)[number];
export const STEP_PERCENT: Record<GenerationStep, number> = {
  resolve: 25,
  summarize: 50,
  polish: 75,
  done: 100,
  error: 0,
};

export const BOOK_TITLE_MAX_LENGTH = 300;
export const BOOK_AUTHOR_MAX_LENGTH = 200;

/**
 * `POST /api/summaries`. The author is required here: the web app asks for it in the details
 * dialog before it calls.
 */
export const generateSummaryRequestSchema = z
  .object({
    bookId: text().trim().min(1).max(100).optional(),
    bookTitle: text()
      .trim()
      .min(1, mistake('search.details.titleRequired'))
      .max(BOOK_TITLE_MAX_LENGTH, mistake('search.details.titleTooLong')),
    bookAuthor: text()
      .trim()
      .min(1, mistake('search.details.authorRequired'))
      .max(BOOK_AUTHOR_MAX_LENGTH, mistake('search.details.authorTooLong')),
    language: languageSchema,
  })
  .meta({ id: 'GenerateSummaryRequest' });
export type GenerateSummaryRequest = z.input<typeof generateSummaryRequestSchema>;

/** This month's use of the plan (`GET /api/me/usage`); limits are null on Premium. */
export const usageSchema = z
  .object({
    plan: z.enum(PLAN_TYPES),
    monthKey: text().regex(/^\d{4}-\d{2}$/),
    summariesUsed: z.number().int().min(0),
    summariesLimit: z.number().int().nullable(),
    audiosUsed: z.number().int().min(0),
    audiosLimit: z.number().int().nullable(),
  })
  .meta({ id: 'Usage' });
export type Usage = z.infer<typeof usageSchema>;

export const generateSummaryResponseSchema = z
  .object({
    summaryId: text(),
    /** True when the summary already existed and no model ran. */
    cached: z.boolean(),
    usage: usageSchema,
  })
  .meta({ id: 'GenerateSummaryResponse' });
export type GenerateSummaryResponse = z.infer<typeof generateSummaryResponseSchema>;

const summarySectionKeySchema = z.union([nonFictionSectionsSchema.keyof(), fictionSectionsSchema.keyof()]);

/** The model is not ready yet (see `generationEventSchema`). */
const modelEventSchema = z.object({
  type: z.literal('model'),
  state: z.enum(['downloading', 'loading']),
  progress: z.number().min(0).max(1).optional(),
  downloadedBytes: z.number().int().min(0).optional(),
  totalBytes: z.number().int().min(0).optional(),
});
const progressEventSchema = z.object({
  type: z.literal('progress'),
  step: z.enum(GENERATION_STEPS).exclude(['done', 'error']),
  percent: z.number(),
});
/** A section as the model wrote it; the page checks the whole summary once it is stored. */
const sectionEventSchema = z.object({
  type: z.literal('section'),
  key: summarySectionKeySchema,
  value: z.unknown(),
});
const errorEventSchema = z.object({
  type: z.literal('error'),
  step: z.literal('error'),
  percent: z.literal(0),
  code: z.enum(ERROR_CODES),
  message: text(),
});
const doneEvent = { type: z.literal('done'), step: z.literal('done'), percent: z.literal(100) };

/**
 * The server-sent events of `POST /api/summaries` with `Accept: text/event-stream`. The server
 * writes them and the web checks each one against this schema before using it. `model`: the
 * server is still downloading or loading its model; the generation waits and starts on its own
 * once it is (`progress` from 0 to 1 and the byte counts while it downloads).
 */
export const generationEventSchema = z.discriminatedUnion('type', [
  progressEventSchema,
  modelEventSchema,
  sectionEventSchema,
  generateSummaryResponseSchema.extend(doneEvent),
  errorEventSchema,
]);
export type GenerationEvent = z.infer<typeof generationEventSchema>;

export const relatedBookSchema = z.object({
  id: text(),
  title: text(),
  author: text(),
  cover_url: text().nullable(),
});
export type RelatedBook = z.infer<typeof relatedBookSchema>;

/** `POST /api/summaries/:id/translations` (Premium): the summary in another of the languages. */
export const translateSummaryRequestSchema = z
  .object({ language: languageSchema })
  .meta({ id: 'TranslateSummaryRequest' });
export type TranslateSummaryRequest = z.infer<typeof translateSummaryRequestSchema>;

export const translateSummaryResponseSchema = z
  .object({
    /** The translated summary (stored under the target language's norm_key). */
    summaryId: text(),
    /** True when a summary in that language already existed and no model ran. */
    cached: z.boolean(),
  })
  .meta({ id: 'TranslateSummaryResponse' });
export type TranslateSummaryResponse = z.infer<typeof translateSummaryResponseSchema>;

/** The server-sent events of a translation: a generation's, ending with the translated summary's id. */
export const translationEventSchema = z.discriminatedUnion('type', [
  progressEventSchema,
  modelEventSchema,
  sectionEventSchema,
  translateSummaryResponseSchema.extend(doneEvent),
  errorEventSchema,
]);
export type TranslationEvent = z.infer<typeof translationEventSchema>;

/** The path of `/api/summaries/:id` and the routes under it. */
export const summaryParamsSchema = z.object({ id: text().max(100) });

/**
 * What anyone may see of a summary (issue 24): a shared link's preview for chat apps and for a
 * visitor before signing up. Nothing of the reader who shared it, nothing beyond the one-liner.
 */
export const summaryPreviewSchema = z
  .object({
    id: text(),
    title: text(),
    author: text(),
    language: languageSchema,
    cover_url: text().nullable(),
    oneLiner: text(),
  })
  .meta({ id: 'SummaryPreview' });
export type SummaryPreview = z.infer<typeof summaryPreviewSchema>;

export const FEEDBACK_VOTES = ['up', 'down'] as const;
export const FEEDBACK_COMMENT_MAX_LENGTH = 1000;

export const feedbackRequestSchema = z
  .object({
    vote: z.enum(FEEDBACK_VOTES),
    comment: text()
      .trim()
      .max(FEEDBACK_COMMENT_MAX_LENGTH, mistake('summary.feedback.commentTooLong'))
      .optional(),
  })
  .meta({ id: 'FeedbackRequest' });
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const feedbackSchema = z.object({
  vote: z.enum(FEEDBACK_VOTES),
  comment: text().nullable(),
});

export const summarySchema = z
  .object({
    id: text(),
    title: text(),
    author: text(),
    language: languageSchema,
    bookId: text().nullable(),
    category: z.enum(CATEGORIES).nullable(),
    cover_url: text().nullable(),
    /** The catalogue book's ISBN-13 (the store links search by it); null outside the catalogue. */
    isbn13: text().nullable(),
    content: summaryContentSchema,
    related: z.array(relatedBookSchema),
    createdAt: text(),
    /**
     * Written by Summa's editors (the editorial library, spec badge 'editors'), not by the model:
     * the standard the generated summaries are held to.
     */
    editorial: z.boolean(),
    /** The reader's own feedback, once given. */
    feedback: feedbackSchema.nullable(),
  })
  .meta({ id: 'Summary' });
export type Summary = z.infer<typeof summarySchema>;

/** Free readers see this many of their most recent summaries in the history (issue #5). */
export const FREE_HISTORY_LIMIT = 20;

export const historyQuerySchema = z.object({
  q: text().trim().max(200).optional(),
});

export const historyItemSchema = z.object({
  summaryId: text(),
  title: text(),
  author: text(),
  language: languageSchema,
  cover_url: text().nullable(),
  oneLiner: text(),
  /** When the reader last generated or opened it. */
  lastSeenAt: text(),
  /** An admin removed it (ADR 0030): the entry stays, and cannot be opened. */
  removed: z.boolean(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyResponseSchema = z
  .object({
    items: z.array(historyItemSchema),
    /** All of the reader's summaries, matching `q`, before the free plan's cut. */
    total: z.number().int(),
    /** True when the free plan hides older summaries. */
    limited: z.boolean(),
  })
  .meta({ id: 'HistoryResponse' });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
