import type { Language } from '@summa/shared/languages';
import { Check, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';
import { AuthCta } from './auth-cta';
import { SectionHeading } from './section-heading';

type Billing = 'monthly' | 'yearly';

const BILLING_OPTIONS: readonly Billing[] = ['monthly', 'yearly'];
const FREE_FEATURES = ['summaries', 'audios', 'library', 'progress', 'support'] as const;
const PREMIUM_FEATURES = ['unlimited', 'pdf', 'history', 'translation', 'support', 'badge'] as const;

function FeatureList({ items, inverted = false }: { items: readonly string[]; inverted?: boolean }) {
  return (
    <ul className="mt-6 space-y-3">
      {items.map((text) => (
        <li key={text} className="flex gap-3">
          <Check
            className={cn('mt-0.5 size-5 shrink-0', inverted ? 'text-accent-300' : 'text-emerald-700')}
            aria-hidden
          />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}

/** Monthly / yearly switch as a native radio group, so arrow keys and screen readers just work. */
function BillingSwitch({ value, onChange }: { value: Billing; onChange: (value: Billing) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="mx-auto mt-10 flex w-fit rounded-full border border-stone-300 bg-white p-1">
      <legend className="sr-only">{t('landing.pricing.billing.label')}</legend>
      {BILLING_OPTIONS.map((option) => (
        <label
          key={option}
          className={cn(
            'flex cursor-pointer items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
            value === option ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100',
          )}
        >
          <input
            type="radio"
            name="billing"
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className="sr-only"
          />
          {t(`landing.pricing.billing.${option}`)}
          {option === 'yearly' ? (
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs',
                value === option ? 'bg-accent-300 text-stone-900' : 'bg-amber-100 text-amber-900',
              )}
            >
              {t('landing.pricing.billing.yearlyHint')}
            </span>
          ) : null}
        </label>
      ))}
    </fieldset>
  );
}

export function PricingSection({ language }: { language: Language }) {
  const { t } = useTranslation();
  const [billing, setBilling] = useState<Billing>('monthly');
  const yearly = billing === 'yearly';

  return (
    <section aria-labelledby="pricing-title" className="px-4 py-16 sm:px-6 sm:py-24">
      <SectionHeading
        id="pricing-title"
        title={t('landing.pricing.title')}
        lead={t('landing.pricing.lead')}
      />
      <BillingSwitch value={billing} onChange={setBilling} />
      <div className="mx-auto mt-10 grid max-w-4xl gap-6 md:grid-cols-2">
        <article className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-xs sm:p-8">
          <h3 className="text-xl font-bold text-stone-900">{t('landing.pricing.free.name')}</h3>
          <p className="mt-1 text-stone-600">{t('landing.pricing.free.description')}</p>
          <p className="mt-6 flex items-baseline gap-1">
            <span className="text-4xl font-extrabold text-stone-900">{t('landing.pricing.free.price')}</span>
            <span className="text-stone-600">{t('landing.pricing.free.period')}</span>
          </p>
          <div className="flex-1">
            <FeatureList items={FREE_FEATURES.map((key) => t(`landing.pricing.free.features.${key}`))} />
          </div>
          <AuthCta language={language} variant="outline" className="mt-8 w-full">
            {t('landing.pricing.free.cta')}
          </AuthCta>
        </article>
        <article className="relative flex flex-col rounded-2xl bg-brand-900 p-6 text-white shadow-xl ring-2 ring-accent-400 sm:p-8">
          <div className="flex items-center justify-between gap-3">
            <h3 className="text-xl font-bold">{t('landing.pricing.premium.name')}</h3>
            <span className="rounded-full bg-accent-400 px-3 py-1 text-xs font-bold text-stone-900">
              {t('landing.pricing.premium.tag')}
            </span>
          </div>
          <p className="mt-1 text-brand-100">{t('landing.pricing.premium.description')}</p>
          <p className="mt-6 flex items-baseline gap-1" aria-live="polite">
            <span className="text-4xl font-extrabold">
              {t(yearly ? 'landing.pricing.premium.yearlyPrice' : 'landing.pricing.premium.monthlyPrice')}
            </span>
            <span className="text-brand-100">
              {t(yearly ? 'landing.pricing.premium.yearlyPeriod' : 'landing.pricing.premium.monthlyPeriod')}
            </span>
          </p>
          <p className="mt-1 text-sm text-brand-100">
            {t(yearly ? 'landing.pricing.premium.yearlyNote' : 'landing.pricing.premium.monthlyNote')}
          </p>
          <div className="flex-1">
            <FeatureList
              inverted
              items={PREMIUM_FEATURES.map((key) => t(`landing.pricing.premium.features.${key}`))}
            />
          </div>
          <AuthCta language={language} className="mt-8 w-full">
            {t('landing.pricing.premium.cta')}
          </AuthCta>
        </article>
      </div>
      <p className="mt-8 flex items-center justify-center gap-2 text-center text-sm font-medium text-stone-700">
        <ShieldCheck className="size-5 shrink-0 text-emerald-700" aria-hidden />
        {t('landing.pricing.guarantee')}
      </p>
    </section>
  );
}
