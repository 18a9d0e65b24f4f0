import { BILLING_INTERVALS, YEARLY_FREE_MONTHS, type BillingInterval } from '@summa/shared/plans';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';
import { RadioCard } from '../ui/radio-card';

/**
 * Monthly / yearly switch as a native radio group, so arrow keys and screen readers just work;
 * shared by the landing's pricing and /plans. `name` keeps two groups on one page apart.
 */
export function BillingSwitch({
  value,
  onChange,
  name = 'billing',
  className,
}: {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
  name?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      className={cn('mx-auto flex w-fit rounded-full border border-stone-300 bg-white p-1', className)}
    >
      <legend className="sr-only">{t('landing.pricing.billing.label')}</legend>
      {BILLING_INTERVALS.map((option) => (
        <RadioCard
          key={option}
          name={name}
          value={option}
          checked={value === option}
          onChange={() => onChange(option)}
          className={cn(
            'flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors',
            value === option ? 'bg-brand-700 text-white scheme-light' : 'text-stone-700 hover:bg-stone-100',
          )}
        >
          {t(`landing.pricing.billing.${option}`)}
          {option === 'yearly' ? (
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs',
                value === option ? 'bg-accent-300 text-stone-900' : 'bg-amber-100 text-amber-900',
              )}
            >
              {t('landing.pricing.billing.yearlyHint', { months: YEARLY_FREE_MONTHS })}
            </span>
          ) : null}
        </RadioCard>
      ))}
    </fieldset>
  );
}
