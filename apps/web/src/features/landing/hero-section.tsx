import type { Language } from '@summa/shared/languages';
import { CheckCircle2, Headphones, Sparkles, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AuthCta } from './auth-cta';

/** A miniature of a finished summary, so visitors see what they get before signing up. */
function SummaryPreview() {
  const { t } = useTranslation();
  return (
    <figure className="w-full max-w-md rounded-2xl bg-white p-5 text-stone-900 shadow-2xl ring-1 ring-black/5 sm:p-6 lg:rotate-1">
      <figcaption className="flex items-center justify-between gap-3 text-xs font-semibold tracking-wide text-brand-700 uppercase">
        <span className="flex items-center gap-1.5">
          <Sparkles className="size-4" aria-hidden />
          {t('landing.hero.preview.label')}
        </span>
        <span className="rounded-full bg-accent-300 px-2 py-0.5 text-stone-900">
          {t('landing.hero.preview.xp')}
        </span>
      </figcaption>
      <p className="mt-4 text-xl font-bold">{t('landing.hero.preview.book')}</p>
      <p className="text-sm text-stone-600">{t('landing.hero.preview.author')}</p>
      <div className="mt-4 rounded-xl bg-brand-50 p-4">
        <p className="text-xs font-semibold text-brand-800">{t('landing.hero.preview.oneLinerLabel')}</p>
        <p className="mt-1 text-sm">{t('landing.hero.preview.oneLiner')}</p>
      </div>
      <p className="mt-4 text-xs font-semibold text-stone-700">{t('landing.hero.preview.actionsLabel')}</p>
      <ul className="mt-2 space-y-2 text-sm">
        {(['actionOne', 'actionTwo'] as const).map((key) => (
          <li key={key} className="flex gap-2">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
            <span>{t(`landing.hero.preview.${key}`)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 flex items-center gap-2 border-t border-stone-200 pt-4 text-sm text-stone-700">
        <Headphones className="size-4 text-brand-700" aria-hidden />
        {t('landing.hero.preview.listen')}
      </p>
    </figure>
  );
}

export function HeroSection({ language }: { language: Language }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="landing-title"
      className="bg-gradient-to-b from-brand-900 to-brand-700 text-white scheme-light"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:py-24">
        <div className="flex flex-col items-start gap-6">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-accent-300">
            <Users className="size-4" aria-hidden />
            {t('landing.hero.badge')}
          </p>
          <h1 id="landing-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
            {t('landing.hero.title')}
          </h1>
          <p className="max-w-2xl text-lg text-brand-100 sm:text-xl">{t('landing.hero.subtitle')}</p>
          <div className="flex w-full flex-col items-stretch gap-3 sm:w-auto sm:items-start">
            <AuthCta language={language}>{t('landing.hero.cta')}</AuthCta>
            <p className="text-sm text-brand-100">{t('landing.hero.note')}</p>
          </div>
        </div>
        <div className="flex justify-center lg:justify-end">
          <SummaryPreview />
        </div>
      </div>
    </section>
  );
}
