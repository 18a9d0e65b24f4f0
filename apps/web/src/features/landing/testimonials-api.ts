import type { Testimonial } from '@summa/shared';
import { ENDPOINT_ROUTES, pathOf } from '@summa/shared/endpoint-routes';
import { isLanguage, type Language } from '@summa/shared/languages';
import { TESTIMONIALS_MIN_SHOWN } from '@summa/shared/testimonial-rules';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The public contract's shape (`testimonialSchema`), checked by hand: zod stays out of the landing. */
function isTestimonial(value: unknown): value is Testimonial {
  return (
    isRecord(value) &&
    typeof value.nickname === 'string' &&
    typeof value.comment === 'string' &&
    typeof value.bookTitle === 'string' &&
    isLanguage(value.language)
  );
}

/**
 * GET /api/testimonials?language=: the readers' comments approved for the landing in `language`,
 * or none until there are TESTIMONIALS_MIN_SHOWN of them (the section shows the use cases then).
 * A plain fetch, light enough for the prerendered landing's island; an answer of another shape
 * is refused like any failure.
 */
export async function fetchShownTestimonials(
  language: Language,
  signal: AbortSignal,
): Promise<Testimonial[]> {
  const query = new URLSearchParams({ language });
  const response = await fetch(`${pathOf(ENDPOINT_ROUTES.testimonials.list)}?${query.toString()}`, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw new Error(`the testimonials answered ${response.status}`);
  const body: unknown = await response.json();
  const list: unknown[] | null =
    isRecord(body) && Array.isArray(body.testimonials) ? body.testimonials : null;
  if (!list?.every(isTestimonial)) throw new Error('the testimonials answered another shape');
  return list.length >= TESTIMONIALS_MIN_SHOWN ? list : [];
}
