import type { Testimonial } from '@summa/shared';
import type { Language } from '@summa/shared/languages';
import { useEffect, useState } from 'react';
import { fetchShownTestimonials } from './testimonials-api';

/**
 * The readers' testimonials the landing shows in `language`: empty while they load, when there
 * are fewer than three, and when they cannot be read (the section then shows the use cases, as
 * the landing always did). Read once the section is on screen, without the app's query client:
 * on the prerendered landing the section is an island of its own (ADR 0027), whose server HTML
 * has the use cases; the server and the browser cache the answer for a minute.
 */
export function useTestimonials(language: Language): readonly Testimonial[] {
  const [shown, setShown] = useState<{ language: Language; testimonials: readonly Testimonial[] } | null>(
    null,
  );
  useEffect(() => {
    const controller = new AbortController();
    fetchShownTestimonials(language, controller.signal).then(
      (testimonials) => {
        if (!controller.signal.aborted) setShown({ language, testimonials });
      },
      // Nothing to tell the visitor: the use cases stay.
      () => undefined,
    );
    return () => controller.abort();
  }, [language]);
  return shown?.language === language ? shown.testimonials : [];
}
