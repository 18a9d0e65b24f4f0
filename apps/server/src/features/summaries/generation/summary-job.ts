import { ADMIN_ACTIONS, BOOK_KINDS, CATEGORIES, LANGUAGES, type SummaryContent } from '@summa/shared';
import { z } from 'zod';
import type { PendingAudit } from '../../../ports/admin-audit.js';
import type { TranslationSource } from './summary-translator.js';
import type { ResolvedBook } from './summary-writer.js';

/**
 * What a flight makes for its norm_key: a summary of `book` written by the model, or a stored
 * summary translated into `book.language` (instant translation; `book` holds the target's
 * facts). Both share one flight and one lease per norm_key, so a generation and a translation of
 * the same book and language never both run: whichever comes second joins the first.
 */
export type SummaryJob =
  | { kind: 'generate'; book: ResolvedBook }
  /** An admin's regeneration of a stored summary: written again, stored over it with the audit row. */
  | { kind: 'regenerate'; book: ResolvedBook; summaryId: string; audit: PendingAudit }
  | { kind: 'translate'; book: ResolvedBook; source: TranslationSource & { id: string } };

const resolvedBookSchema = z
  .object({
    title: z.string(),
    author: z.string(),
    language: z.enum(LANGUAGES),
    bookId: z.string().nullable(),
    category: z.enum(CATEGORIES).nullable(),
    // The catalogue's original title may be null (the writer reads it by truthiness).
    originalTitle: z.string().nullish(),
    year: z.number().int().nullable().optional(),
    kind: z.enum(BOOK_KINDS).optional(),
  })
  // An unknown kind (undefined) does not survive JSON; the writer expects the key.
  .transform(({ originalTitle, ...book }) => ({
    ...book,
    ...(originalTitle ? { originalTitle } : {}),
    kind: book.kind,
  }));

const pendingAuditSchema = z.object({
  admin: z.object({ id: z.string(), email: z.string() }),
  entry: z.object({
    action: z.enum(ADMIN_ACTIONS),
    targetId: z.string().nullable(),
    targetLabel: z.string().nullable().optional(),
    detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
});

/**
 * A stored summary's content, as a translation's source: checked when it was stored (the model's
 * output against summaryContentSchema); here only its shape, as an older summary may predate a
 * tightened limit and must still translate.
 */
const storedContentSchema = z.custom<SummaryContent>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    BOOK_KINDS.some((kind) => (value as { kind?: unknown }).kind === kind),
);

/** A summary job's input as the worker checks it (it travels as JSON through the queue). */
export const summaryJobSchema: z.ZodType<SummaryJob> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('generate'), book: resolvedBookSchema }),
  z.object({
    kind: z.literal('regenerate'),
    book: resolvedBookSchema,
    summaryId: z.string(),
    audit: pendingAuditSchema,
  }),
  z.object({
    kind: z.literal('translate'),
    book: resolvedBookSchema,
    source: z.object({ id: z.string(), title: z.string(), author: z.string(), content: storedContentSchema }),
  }),
]);

/** The flight key of an admin's regeneration of a summary: one at a time per summary. */
export function regenerationKey(summaryId: string): string {
  return `regenerate:${summaryId}`;
}
