import { testimonialsResponseSchema, type Testimonial } from '@summa/shared';
import { ENDPOINT_ROUTES } from '@summa/shared/endpoint-routes';
import type { Language } from '@summa/shared/languages';
import { TESTIMONIALS_MIN_SHOWN } from '@summa/shared/testimonial-rules';
import { fetchPublic } from '../../lib/public-fetch';

/**
 * GET /api/testimonials?language=: the readers' comments approved for the landing in `language`,
 * or none until there are TESTIMONIALS_MIN_SHOWN of them (the section shows the use cases then).
 * A plain fetch checked against the endpoint's contract, so that the prerendered landing's island
 * does not load the app's API client.
 */
export async function fetchShownTestimonials(
  language: Language,
  signal: AbortSignal,
): Promise<Testimonial[]> {
  const { testimonials } = await fetchPublic(
    ENDPOINT_ROUTES.testimonials.list,
    new URLSearchParams({ language }),
    testimonialsResponseSchema,
    signal,
  );
  return testimonials.length >= TESTIMONIALS_MIN_SHOWN ? testimonials : [];
}
