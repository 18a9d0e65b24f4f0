import { PREMIUM_GUARANTEE_DAYS, type BillingInterval } from '@summa/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Crown, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { BillingSwitch } from '../../components/pricing/billing-switch';
import { premiumPriceView } from '../../components/pricing/premium-price';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TitleRow } from '../../components/ui/title-row';
import { currentLanguage } from '../../lib/i18n';
import { planChanged } from '../../lib/invalidation';
import { useReaderProgress } from '../../lib/progress/use-reader-progress';
import { queryView } from '../../lib/query-client';
import { usageQuery } from '../../lib/usage-api';
import { cn } from '../../lib/utils';
import { CurrentPlanCard } from './current-plan-card';
import { useBillingActions } from './use-billing-actions';

const FREE_FEATURES = ['summaries', 'audios', 'library', 'support'] as const;
const PREMIUM_FEATURES = ['unlimited', 'pdf', 'history', 'translation', 'support', 'badge'] as const;

function FeatureList({ items, plan }: { items: readonly string[]; plan: 'free' | 'premium' }) {
  return (
    <ul className="mt-6 flex-1 space-y-3">
      {items.map((text) => (
        <li key={text} className="flex gap-3">
          <Check
            aria-hidden
            className={cn(
              'mt-0.5 size-5 shrink-0',
              plan === 'premium' ? 'text-accent-300' : 'text-emerald-700',
            )}
          />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}

function CurrentTag({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant={inverted ? 'accent' : 'success'} data-testid="current-plan-tag">
      {t('plans.current.badge')}
    </Badge>
  );
}

/** /plans: the reader's plan and usage, Free against Premium, the billing toggle and the way to pay. */
export function PlansPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [interval, setInterval] = useState<BillingInterval>('monthly');
  const usage = useQuery(usageQuery());
  const progress = useReaderProgress();
  const client = useQueryClient();
  // Already Premium: the plan changed since these were read.
  const { busy, upgrade, manage } = useBillingActions(() => planChanged(client));
  // The usage answer is the freshest word on the plan; the profile stands in until it comes.
  const plan = usage.data?.plan ?? progress.me?.profile.plan ?? null;
  const price = premiumPriceView(language, interval);
  const yearly = interval === 'yearly';

  return (
    <Page title={t('pages.plans.title')} lead={t('pages.plans.lead')}>
      <CurrentPlanCard
        data={usage.data}
        failed={queryView(usage) === 'error'}
        onRetry={() => void usage.refetch()}
      />
      <BillingSwitch value={interval} onChange={setInterval} name="plans-billing" className="mt-10" />
      <div className="mx-auto mt-8 grid max-w-4xl grid-cols-1 gap-6 md:grid-cols-2">
        <article
          aria-labelledby="plan-free-title"
          className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-xs sm:p-8"
        >
          <TitleRow
            id="plan-free-title"
            title={t('landing.pricing.free.name')}
            aside={plan === 'free' ? <CurrentTag /> : null}
            titleClassName="text-xl font-bold text-stone-900"
          />
          <p className="mt-1 text-stone-600">{t('landing.pricing.free.description')}</p>
          <p className="mt-6 flex flex-wrap items-baseline gap-x-1">
            <span className="text-4xl font-extrabold text-stone-900">{price.free}</span>
            <span className="text-stone-600">{t('landing.pricing.free.period')}</span>
          </p>
          <FeatureList
            items={FREE_FEATURES.map((key) => t(`landing.pricing.free.features.${key}`))}
            plan="free"
          />
        </article>
        <article
          aria-labelledby="plan-premium-title"
          className="flex flex-col rounded-2xl bg-brand-900 p-6 text-white shadow-xl ring-2 ring-accent-400 scheme-light sm:p-8"
          data-testid="plan-premium"
        >
          <TitleRow
            id="plan-premium-title"
            title={
              <>
                <Crown aria-hidden className="size-5 text-accent-300" />
                {t('landing.pricing.premium.name')}
              </>
            }
            aside={
              plan === 'premium' ? (
                <CurrentTag inverted />
              ) : (
                <span className="rounded-full bg-accent-400 px-3 py-1 text-xs font-bold text-stone-900">
                  {t('landing.pricing.premium.tag')}
                </span>
              )
            }
            titleClassName="flex items-center gap-2 text-xl font-bold"
          />
          <p className="mt-1 text-brand-100">{t('landing.pricing.premium.description')}</p>
          <p
            className="mt-6 flex flex-wrap items-baseline gap-x-1"
            aria-live="polite"
            data-testid="premium-price"
          >
            <span className="text-4xl font-extrabold">{price.price}</span>
            <span className="text-brand-100">
              {t(yearly ? 'landing.pricing.premium.yearlyPeriod' : 'landing.pricing.premium.monthlyPeriod')}
            </span>
          </p>
          <p className="mt-1 text-sm text-brand-100" data-testid="premium-price-note">
            {yearly
              ? t('landing.pricing.premium.yearlyNote', { perMonth: price.yearlyPerMonth })
              : t('landing.pricing.premium.monthlyNote', { yearly: price.yearly, months: price.freeMonths })}
          </p>
          <FeatureList
            items={PREMIUM_FEATURES.map((key) => t(`landing.pricing.premium.features.${key}`))}
            plan="premium"
          />
          {plan === 'premium' ? (
            <div className="mt-8 flex flex-col gap-2">
              <Button
                type="button"
                variant="accent"
                className="w-full"
                disabled={busy !== null}
                onClick={() => void manage()}
              >
                {busy === 'manage' ? t('plans.redirecting') : t('plans.manage')}
              </Button>
              <p className="text-center text-xs text-brand-100">{t('plans.manageHint')}</p>
            </div>
          ) : (
            <Button
              type="button"
              variant="accent"
              className="mt-8 w-full"
              disabled={busy !== null || plan === null}
              onClick={() => void upgrade(interval)}
            >
              {busy === 'upgrade' ? t('plans.redirecting') : t('plans.upgrade')}
            </Button>
          )}
        </article>
      </div>
      <p className="mt-8 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-center text-sm font-medium text-stone-700">
        <ShieldCheck className="size-5 shrink-0 text-emerald-700" aria-hidden />
        <span>{t('plans.guaranteeDays', { days: PREMIUM_GUARANTEE_DAYS })}</span>
        <span aria-hidden>·</span>
        <span>{t('plans.cancelAnytime')}</span>
      </p>
    </Page>
  );
}
