import type { Language } from '@summa/shared/languages';
import type { BillingInterval } from '@summa/shared/plans';
import { Check, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillingSwitch } from '../../components/pricing/billing-switch';
import { premiumPriceView } from '../../components/pricing/premium-price';
import { cn } from '../../lib/utils';
import { AuthCta } from './auth-cta';
import { SectionHeading } from './section-heading';

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

/** `initialBilling`: the choice a visitor made on the prerendered page before its script arrived. */
export function PricingSection({
  language,
  initialBilling = 'monthly',
}: {
  language: Language;
  initialBilling?: BillingInterval;
}) {
  const { t } = useTranslation();
  const [billing, setBilling] = useState<BillingInterval>(initialBilling);
  const yearly = billing === 'yearly';
  // The amounts come from plans.ts (the one source with /plans and the server's Stripe prices).
  const price = premiumPriceView(language, billing);

  return (
    <section aria-labelledby="pricing-title" className="px-4 py-16 sm:px-6 sm:py-24">
      <SectionHeading
        id="pricing-title"
        title={t('landing.pricing.title')}
        lead={t('landing.pricing.lead')}
      />
      <BillingSwitch value={billing} onChange={setBilling} className="mt-10" />
      <div className="mx-auto mt-10 grid max-w-4xl gap-6 md:grid-cols-2">
        <article className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-xs sm:p-8">
          <h3 className="text-xl font-bold text-stone-900">{t('landing.pricing.free.name')}</h3>
          <p className="mt-1 text-stone-600">{t('landing.pricing.free.description')}</p>
          <p className="mt-6 flex items-baseline gap-1">
            <span className="text-4xl font-extrabold text-stone-900">{price.free}</span>
            <span className="text-stone-600">{t('landing.pricing.free.period')}</span>
          </p>
          <div className="flex-1">
            <FeatureList items={FREE_FEATURES.map((key) => t(`landing.pricing.free.features.${key}`))} />
          </div>
          <AuthCta language={language} variant="outline" className="mt-8 w-full">
            {t('landing.pricing.free.cta')}
          </AuthCta>
        </article>
        <article className="relative flex flex-col rounded-2xl bg-brand-900 p-6 text-white shadow-xl ring-2 ring-accent-400 scheme-light sm:p-8">
          <div className="flex items-center justify-between gap-3">
            <h3 className="text-xl font-bold">{t('landing.pricing.premium.name')}</h3>
            <span className="rounded-full bg-accent-400 px-3 py-1 text-xs font-bold text-stone-900">
              {t('landing.pricing.premium.tag')}
            </span>
          </div>
          <p className="mt-1 text-brand-100">{t('landing.pricing.premium.description')}</p>
          <p className="mt-6 flex items-baseline gap-1" aria-live="polite">
            <span className="text-4xl font-extrabold">{price.price}</span>
            <span className="text-brand-100">
              {t(yearly ? 'landing.pricing.premium.yearlyPeriod' : 'landing.pricing.premium.monthlyPeriod')}
            </span>
          </p>
          <p className="mt-1 text-sm text-brand-100">
            {yearly
              ? t('landing.pricing.premium.yearlyNote', { perMonth: price.yearlyPerMonth })
              : t('landing.pricing.premium.monthlyNote', { yearly: price.yearly, months: price.freeMonths })}
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
