import { z } from 'zod';
import { ERROR_CODES } from '../errors.js';
import { LANGUAGES } from '../languages.js';
import { text } from './text.js';
import { usageSchema } from './summaries.js';

/** `POST /api/summaries/:id/audio` body: the audio's language (the summary's own). */
export const audioRequestSchema = z.object({ language: z.enum(LANGUAGES) }).meta({ id: 'AudioRequest' });

/** `GET /api/summaries/:id/audio?language=`; query parameters are listed inline, not as a component. */
export const audioQuerySchema = z.object({ language: z.enum(LANGUAGES) });
export type AudioRequest = z.infer<typeof audioRequestSchema>;

/** One stored part of a summary's narration, with a signed URL that expires (spec: 3600 s). */
export const audioPartSchema = z
  .object({
    /** 1-based, in reading order. */
    part: z.number().int().min(1),
    url: text().max(4000),
    durationMs: z.number().int().min(0),
    bytes: z.number().int().min(0),
  })
  .meta({ id: 'AudioPart' });
export type AudioPart = z.infer<typeof audioPartSchema>;

/** A summary's whole narration in one language. */
export const audioSchema = z
  .object({
    summaryId: text(),
    language: z.enum(LANGUAGES),
    parts: z.array(audioPartSchema).min(1),
    durationMs: z.number().int().min(0),
    voice: text(),
    /** When the signed URLs stop working (ISO 8601): the player asks again before then. */
    expiresAt: text(),
  })
  .meta({ id: 'Audio' });
export type Audio = z.infer<typeof audioSchema>;

/** `GET /api/summaries/:id/audio`: the stored narration, or null while none was made (not an error). */
export const storedAudioResponseSchema = z
  .object({ audio: audioSchema.nullable() })
  .meta({ id: 'StoredAudioResponse' });
export type StoredAudioResponse = z.infer<typeof storedAudioResponseSchema>;

/** `POST /api/summaries/:id/audio` as JSON: the audio, whether it already existed, and the plan's use. */
export const audioResponseSchema = audioSchema
  .extend({
    /** True when the audio already existed: it cost nothing. */
    cached: z.boolean(),
    usage: usageSchema,
  })
  .meta({ id: 'AudioResponse' });
export type AudioResponse = z.infer<typeof audioResponseSchema>;

/**
 * The server-sent events of `POST /api/summaries/:id/audio` with `Accept: text/event-stream`:
 * `plan` (how many parts the narration has), a `part` as each one is stored (the player starts
 * on the first), then `done` or `error`.
 */
export const audioEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('plan'), totalParts: z.number().int().min(1) }),
  z.object({ type: z.literal('part'), part: audioPartSchema }),
  audioResponseSchema.extend({ type: z.literal('done') }),
  z.object({ type: z.literal('error'), code: z.enum(ERROR_CODES), message: text() }),
]);
export type AudioEvent = z.infer<typeof audioEventSchema>;
