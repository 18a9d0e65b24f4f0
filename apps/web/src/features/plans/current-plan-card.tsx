import type { Usage } from '@summa/shared';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error';
import { Badge } from '../../components/ui/badge';
import { TitleRow } from '../../components/ui/title-row';

function UsageRow({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const { t } = useTranslation();
  const percent = limit === null || limit === 0 ? 0 : Math.min(100, (used / limit) * 100);
  return (
    <li className="flex flex-col gap-1.5" data-testid="usage-row">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-stone-700">{label}</span>
        <span className="font-semibold text-stone-900 tabular-nums">
          {limit === null
            ? t('plans.current.usedUnlimited', { used })
            : t('plans.current.usedOf', { used, limit })}
        </span>
      </div>
      {limit === null ? null : (
        <div aria-hidden className="h-1.5 overflow-hidden rounded-full bg-stone-200">
          <div
            className={
              percent >= 100 ? 'h-full rounded-full bg-amber-500' : 'h-full rounded-full bg-brand-600'
            }
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </li>
  );
}

/** The reader's plan and this month's usage (GET /api/me/usage), with its loading and error states. */
export function CurrentPlanCard({
  data,
  failed,
  onRetry,
}: {
  data: Usage | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();

  if (!data && failed) {
    return (
      <LoadError
        layout="inline"
        title={t('plans.current.loadError')}
        retryLabel={t('plans.current.retry')}
        onRetry={onRetry}
      />
    );
  }
  if (!data) {
    return (
      <section
        aria-busy="true"
        aria-label={t('plans.current.loading')}
        className="mx-auto h-40 max-w-4xl animate-pulse rounded-2xl border border-stone-200 bg-stone-100"
        data-testid="current-plan-skeleton"
      />
    );
  }

  return (
    <section
      aria-labelledby="current-plan-title"
      className="mx-auto max-w-4xl rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
      data-testid="current-plan"
    >
      <TitleRow
        id="current-plan-title"
        title={t('plans.current.title')}
        aside={
          <Badge variant={data.plan === 'premium' ? 'accent' : 'neutral'} className="text-sm">
            {t(`plans.current.plan.${data.plan}`)}
          </Badge>
        }
        className="gap-3"
        titleClassName="text-lg font-bold text-stone-900"
      />
      <h3 className="mt-4 text-sm font-semibold text-stone-600">{t('plans.current.usageTitle')}</h3>
      <ul className="mt-2 grid gap-4 sm:grid-cols-2">
        <UsageRow
          label={t('plans.current.summaries')}
          used={data.summariesUsed}
          limit={data.summariesLimit}
        />
        <UsageRow label={t('plans.current.audios')} used={data.audiosUsed} limit={data.audiosLimit} />
      </ul>
      {data.plan === 'free' ? (
        <p className="mt-3 text-xs text-stone-500">{t('plans.current.resets')}</p>
      ) : null}
    </section>
  );
}
