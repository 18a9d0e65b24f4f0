import { z } from 'zod';
import { LANGUAGES } from '../languages.js';
import { audioSchema } from './audio.js';
import { summarySchema } from './summaries.js';

/** `GET /api/demo?language=`: the demo in one of the languages. */
export const demoQuerySchema = z.object({ language: z.enum(LANGUAGES) });
export type DemoQuery = z.infer<typeof demoQuerySchema>;

/**
 * The demo (/demo, no session): one editorial summary in the language, and its narration, made
 * once by the house; `audio` is null while the narration is being made (ask again a little later).
 */
export const demoResponseSchema = z
  .object({
    summary: summarySchema.omit({ feedback: true }),
    audio: audioSchema.nullable(),
  })
  .meta({ id: 'DemoResponse' });
export type DemoResponse = z.infer<typeof demoResponseSchema>;
