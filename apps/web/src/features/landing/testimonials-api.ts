import { testimonialListSchema, type Testimonial } from '@summa/shared';
import { ENDPOINT_ROUTES } from '@summa/shared/endpoint-routes';
import type { Language } from '@summa/shared/languages';
import { TESTIMONIALS_MIN_SHOWN } from '@summa/shared/testimonial-rules';
import { fetchPublic } from '../../lib/public-fetch';

/**
 * GET /api/testimonials?language=: the readers' comments approved for the landing in `language`,
 * or none until there are TESTIMONIALS_MIN_SHOWN of them (the section shows the use cases then).
 * Light enough for the prerendered landing's island: a plain fetch, checked with the contract's
 * zod/mini schema.
 */
export async function fetchShownTestimonials(
  language: Language,
  signal: AbortSignal,
): Promise<Testimonial[]> {
  const { testimonials } = await fetchPublic(
    ENDPOINT_ROUTES.testimonials.list,
    new URLSearchParams({ language }),
    testimonialListSchema,
    signal,
  );
  return testimonials.length >= TESTIMONIALS_MIN_SHOWN ? testimonials : [];
}
