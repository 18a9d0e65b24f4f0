import { z } from 'zod';
import { LANGUAGES } from '../languages.js';
import { text } from './text.js';

export { TESTIMONIALS_MAX_SHOWN, TESTIMONIALS_MIN_SHOWN } from '../testimonial-rules.js';

/** GET /api/testimonials?language= */
export const testimonialsQuerySchema = z.object({ language: z.enum(LANGUAGES) });
export type TestimonialsQuery = z.infer<typeof testimonialsQuerySchema>;

/**
 * A reader's words on the landing: the comment of their feedback on a summary, approved by an
 * admin, signed with the nickname the reader chose to show (never their name or e-mail).
 */
export const testimonialSchema = z
  .object({
    nickname: text(),
    comment: text(),
    /** The title of the summary's book, in the summary's language. */
    bookTitle: text(),
    /** The summary's language. */
    language: z.enum(LANGUAGES),
  })
  .meta({ id: 'Testimonial' });
export type Testimonial = z.infer<typeof testimonialSchema>;

export const testimonialsResponseSchema = z
  .object({ testimonials: z.array(testimonialSchema) })
  .meta({ id: 'TestimonialsResponse' });
export type TestimonialsResponse = z.infer<typeof testimonialsResponseSchema>;

/** A feedback comment an admin may approve for the landing, or has approved. */
export const adminTestimonialSchema = z
  .object({
    feedbackId: z.uuid(),
    nickname: text(),
    comment: text(),
    bookTitle: text(),
    language: z.enum(LANGUAGES),
    /** ISO 8601: when the reader wrote it. */
    createdAt: text(),
    /** ISO 8601: when an admin approved it for the landing; null while it is not shown. */
    approvedAt: text().nullable(),
  })
  .meta({ id: 'AdminTestimonial' });
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;

export const adminTestimonialsResponseSchema = z
  .object({ testimonials: z.array(adminTestimonialSchema) })
  .meta({ id: 'AdminTestimonialsResponse' });
export type AdminTestimonialsResponse = z.infer<typeof adminTestimonialsResponseSchema>;

export const adminTestimonialParamsSchema = z.object({ feedbackId: z.uuid() });

export const adminTestimonialResponseSchema = z
  .object({ testimonial: adminTestimonialSchema })
  .meta({ id: 'AdminTestimonialResponse' });
export type AdminTestimonialResponse = z.infer<typeof adminTestimonialResponseSchema>;
