import { TESTIMONIALS_MIN_SHOWN, type Testimonial } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import type { Language } from '@summa/shared/languages';
import { apiCall } from '../../lib/api-client';

/**
 * GET /api/testimonials?language=: the readers' comments approved for the landing in `language`,
 * or none until there are TESTIMONIALS_MIN_SHOWN of them (the section shows the use cases then).
 * Loaded on demand, so the contracts stay out of the landing's first script.
 */
export async function fetchShownTestimonials(
  language: Language,
  signal: AbortSignal,
): Promise<Testimonial[]> {
  const { testimonials } = await apiCall(ENDPOINTS.testimonials.list, {
    query: new URLSearchParams({ language }),
    signal,
    token: null,
  });
  return testimonials.length >= TESTIMONIALS_MIN_SHOWN ? testimonials : [];
}
