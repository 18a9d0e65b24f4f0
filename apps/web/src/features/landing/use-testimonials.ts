import type { Testimonial } from '@summa/shared';
import type { Language } from '@summa/shared/languages';
import { useEffect, useState } from 'react';

/**
 * The readers' testimonials the landing shows in `language`: empty while they load, when there
 * are fewer than three, and when they cannot be read (the section then shows the use cases, as
 * the landing always did). Read once the page is on screen, with or without the app's query
 * client, so that the landing renders the same when it is prerendered; the server and the
 * browser cache the answer for a minute.
 */
export function useTestimonials(language: Language): readonly Testimonial[] {
  const [shown, setShown] = useState<{ language: Language; testimonials: readonly Testimonial[] } | null>(
    null,
  );
  useEffect(() => {
    const controller = new AbortController();
    import('./testimonials-api')
      .then((api) => api.fetchShownTestimonials(language, controller.signal))
      .then(
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
