import * as z from 'zod/mini';
import { LANGUAGES } from '../languages.js';
import { miniText } from './text.js';

// Written with zod/mini: the prerendered landing's testimonials island checks GET /api/testimonials
// with these (ADR 0027), and zod's full API would be most of its weight. testimonials.ts builds the
// endpoint's answer (a zod schema) from them.

/**
 * A reader's words on the landing: the comment of their feedback on a summary, approved by an
 * admin, signed with the nickname the reader chose to show (never their name or e-mail).
 */
export const testimonialSchema = z
  .object({
    nickname: miniText(),
    comment: miniText(),
    /** The title of the summary's book, in the summary's language. */
    bookTitle: miniText(),
    /** The summary's language. */
    language: z.enum(LANGUAGES),
  })
  .register(z.globalRegistry, { id: 'Testimonial' });
export type Testimonial = z.infer<typeof testimonialSchema>;

/** The shape of GET /api/testimonials?language='s answer. */
export const testimonialListSchema = z.object({ testimonials: z.array(testimonialSchema) });
