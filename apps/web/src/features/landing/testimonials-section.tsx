import type { Testimonial } from '@summa/shared';
import type { Language } from '@summa/shared/languages';
import { Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';
import { useTestimonials } from './use-testimonials';

const USE_CASES = ['first', 'second', 'third'] as const;

const CARD = 'flex h-full flex-col gap-3 rounded-2xl border border-stone-200 bg-stone-50 p-6';

/** Three common ways readers use Summa: what the section shows until readers' own words are approved. */
function UseCases() {
  const { t } = useTranslation();
  return (
    <>
      <SectionHeading
        id="testimonials-title"
        title={t('landing.testimonials.title')}
        lead={t('landing.testimonials.lead')}
      />
      <ul className="mx-auto mt-12 grid max-w-6xl gap-6 md:grid-cols-3">
        {USE_CASES.map((key) => (
          <li key={key}>
            <article className={CARD}>
              <Quote className="size-7 text-brand-600" aria-hidden />
              <h3 className="font-semibold text-stone-900">{t(`landing.testimonials.items.${key}.label`)}</h3>
              <p className="flex-1 text-stone-800">{t(`landing.testimonials.items.${key}.quote`)}</p>
              <p className="text-sm text-stone-600">{t(`landing.testimonials.items.${key}.context`)}</p>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Readers' own words: feedback comments an admin approved, signed with the reader's nickname. */
function ReadersWords({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const { t } = useTranslation();
  return (
    <>
      <SectionHeading
        id="testimonials-title"
        title={t('landing.testimonials.readers.title')}
        lead={t('landing.testimonials.readers.lead')}
      />
      <ul className="mx-auto mt-12 grid max-w-6xl gap-6 md:grid-cols-3" data-testid="reader-testimonials">
        {testimonials.map((testimonial, index) => (
          // A testimonial carries no id (it names no reader or feedback); the list is read once.
          <li key={index}>
            <figure className={CARD}>
              <Quote className="size-7 text-brand-600" aria-hidden />
              <blockquote className="flex-1 break-words whitespace-pre-line text-stone-800">
                {testimonial.comment}
              </blockquote>
              <figcaption className="flex flex-col text-sm">
                <span className="font-semibold break-words text-stone-900">{testimonial.nickname}</span>
                <span className="text-stone-600">
                  {t('landing.testimonials.readers.about', { title: testimonial.bookTitle })}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The landing's testimonials, honestly: readers' approved comments once at least three are
 * approved in the page's language, the use cases until then. On the prerendered landing it is an
 * island (testimonials-island.tsx): the HTML has the use cases, and the island asks for the
 * readers' words once it comes into view.
 */
export function TestimonialsSection({ language }: { language: Language }) {
  const testimonials = useTestimonials(language);
  return (
    <section aria-labelledby="testimonials-title" className="bg-white px-4 py-16 sm:px-6 sm:py-24">
      {testimonials.length > 0 ? <ReadersWords testimonials={testimonials} /> : <UseCases />}
    </section>
  );
}
