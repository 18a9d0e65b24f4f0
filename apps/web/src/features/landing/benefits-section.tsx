import {
  FileText,
  Headphones,
  Languages,
  LibraryBig,
  ListChecks,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

type BenefitKey = 'onePage' | 'actions' | 'audio' | 'languages' | 'progress' | 'catalog';

const BENEFITS: readonly { key: BenefitKey; icon: LucideIcon }[] = [
  { key: 'onePage', icon: FileText },
  { key: 'actions', icon: ListChecks },
  { key: 'audio', icon: Headphones },
  { key: 'languages', icon: Languages },
  { key: 'progress', icon: Trophy },
  { key: 'catalog', icon: LibraryBig },
];

export function BenefitsSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="benefits-title" className="px-4 py-16 sm:px-6 sm:py-24">
      <SectionHeading
        id="benefits-title"
        title={t('landing.benefits.title')}
        lead={t('landing.benefits.lead')}
      />
      <ul className="mx-auto mt-12 grid max-w-6xl gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {BENEFITS.map(({ key, icon: Icon }) => (
          <li key={key} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-xs">
            <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon className="size-6" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-stone-900">
              {t(`landing.benefits.items.${key}.title`)}
            </h3>
            <p className="mt-2 text-stone-600">{t(`landing.benefits.items.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
