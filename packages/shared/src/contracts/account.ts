import { z } from 'zod';
import { emailSchema, PASSWORD_MAX_LENGTH, passwordSchema } from './auth.js';
import { mistake } from './mistake.js';
import { text } from './text.js';

/** A password the reader types to prove it is them (never checked for strength, only compared). */
const currentPasswordSchema = text()
  .min(1, { error: mistake('auth.validation.passwordRequired'), abort: true })
  .max(PASSWORD_MAX_LENGTH, mistake('auth.validation.passwordTooLong'));

/**
 * POST /api/me/password, answered with 204. `currentPassword` is required when the account has a
 * password; an account made with Google sets its first one without it. Every other session of the
 * reader is signed out.
 */
export const changeMyPasswordRequestSchema = z
  .object({ currentPassword: currentPasswordSchema.optional(), newPassword: passwordSchema })
  .meta({ id: 'ChangeMyPasswordRequest' });
export type ChangeMyPasswordRequest = z.input<typeof changeMyPasswordRequestSchema>;

/**
 * POST /api/me/email, answered with 202: a link goes to the new address, which replaces the old
 * one only when the link is opened (POST /api/auth/confirm with its token); the old address is told.
 */
export const changeMyEmailRequestSchema = z
  .object({ newEmail: emailSchema, password: currentPasswordSchema })
  .meta({ id: 'ChangeMyEmailRequest' });
export type ChangeMyEmailRequest = z.input<typeof changeMyEmailRequestSchema>;

export const emailChangePendingSchema = z
  .object({
    /** The address the link was sent to, awaiting its opening. */
    pendingEmail: text(),
  })
  .meta({ id: 'EmailChangePending' });
export type EmailChangePending = z.infer<typeof emailChangePendingSchema>;

/** One signed-in device of the reader, as its user agent named it. */
export const accountSessionSchema = z
  .object({
    id: z.uuid(),
    /** "Chrome 131", "Safari 18"; null when the user agent says nothing readable. */
    browser: text().nullable(),
    /** "Android 15", "Windows 10", "iOS 18"; null when unknown. */
    os: text().nullable(),
    /** 'mobile', 'tablet' or 'desktop' as the user agent tells; null when unknown. */
    device: z.enum(['mobile', 'tablet', 'desktop']).nullable(),
    /** ISO 8601: when it signed in, and when it was last used (a refresh or a sign-in). */
    firstSeenAt: text(),
    lastSeenAt: text(),
    /** The session this request was made with. */
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z
  .object({ sessions: z.array(accountSessionSchema) })
  .meta({ id: 'AccountSessionsResponse' });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

export const accountSessionParamsSchema = z.object({ id: z.uuid() });

/**
 * GET /api/me/export: everything held about the reader, as one JSON file (sent as an attachment).
 * `tables` holds, for each table that has rows of the reader, those rows (secrets such as password
 * and token hashes left out); no card data is held anywhere.
 */
export const accountExportSchema = z
  .object({
    format: z.literal('summa-export/1'),
    /** ISO 8601. */
    exportedAt: text(),
    userId: z.uuid(),
    tables: z.record(text(), z.array(z.record(text(), z.unknown()))),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof accountExportSchema>;

/**
 * DELETE /api/me, answered with 204. `password` is required when the account has one; an account
 * without one (made with Google) proves it is the reader by a Google sign-in of the last few minutes.
 */
export const deleteAccountRequestSchema = z
  .object({ password: currentPasswordSchema.optional() })
  .meta({ id: 'DeleteAccountRequest' });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;
