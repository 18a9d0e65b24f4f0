import type { Language } from '@summa/shared/languages';
import { useTranslation } from 'react-i18next';
import { AuthCta } from './auth-cta';

export function ClosingSection({ language }: { language: Language }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="closing-title"
      className="bg-brand-900 px-4 py-16 text-white scheme-light sm:px-6 sm:py-20"
    >
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-5 text-center">
        <h2 id="closing-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t('landing.closing.title')}
        </h2>
        <p className="text-lg text-brand-100">{t('landing.closing.text')}</p>
        <AuthCta language={language}>{t('landing.closing.cta')}</AuthCta>
      </div>
    </section>
  );
}
