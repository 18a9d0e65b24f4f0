import { Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

const TESTIMONIALS = ['first', 'second', 'third'] as const;

export function TestimonialsSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="testimonials-title" className="bg-white px-4 py-16 sm:px-6 sm:py-24">
      <SectionHeading
        id="testimonials-title"
        title={t('landing.testimonials.title')}
        lead={t('landing.testimonials.lead')}
      />
      <ul className="mx-auto mt-12 grid max-w-6xl gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((key) => (
          <li key={key}>
            <article className="flex h-full flex-col gap-3 rounded-2xl border border-stone-200 bg-stone-50 p-6">
              <Quote className="size-7 text-brand-600" aria-hidden />
              <h3 className="font-semibold text-stone-900">{t(`landing.testimonials.items.${key}.label`)}</h3>
              <p className="flex-1 text-stone-800">{t(`landing.testimonials.items.${key}.quote`)}</p>
              <p className="text-sm text-stone-600">{t(`landing.testimonials.items.${key}.context`)}</p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
