import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

const STEPS = ['choose', 'generate', 'grow'] as const;

export function HowItWorksSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="how-it-works-title" className="bg-white px-4 py-16 sm:px-6 sm:py-24">
      <SectionHeading
        id="how-it-works-title"
        title={t('landing.howItWorks.title')}
        lead={t('landing.howItWorks.lead')}
      />
      <ol className="mx-auto mt-12 grid max-w-5xl gap-8 md:grid-cols-3">
        {STEPS.map((key, index) => (
          <li key={key} className="flex flex-col items-start gap-3 md:items-center md:text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white scheme-light">
              <span aria-hidden>{index + 1}</span>
              <span className="sr-only">{t('landing.howItWorks.step', { number: index + 1 })}</span>
            </span>
            <h3 className="text-xl font-semibold text-stone-900">
              {t(`landing.howItWorks.steps.${key}.title`)}
            </h3>
            <p className="text-stone-600">{t(`landing.howItWorks.steps.${key}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
