import type { AdminUsageResponse } from '@summa/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { currentLanguage } from '../../lib/i18n';
import { usageQuery } from './admin-api';
import { ConsoleSection } from './console-parts';
import { useConsoleTexts } from './console-texts';

// The charting library comes in its own chunk, fetched when the usage section opens.
const UsageCharts = lazy(() => import('./usage-charts'));

/** Usage of the last 30 days: figures, charts, and the same numbers in a table. */
export function UsagePanel() {
  const { t } = useConsoleTexts();
  const usage = useQuery(usageQuery());
  return (
    <ConsoleSection id="console-usage" title={t('usage.title')} query={usage}>
      {(data) => (
        <div className="flex flex-col gap-6">
          <Figures usage={data} />
          <Suspense fallback={<p className="text-sm text-stone-600">{t('usage.chartLoading')}</p>}>
            <UsageCharts days={data.days} />
          </Suspense>
          <DaysTable usage={data} />
          <Failures usage={data} />
        </div>
      )}
    </ConsoleSection>
  );
}

function Figures({ usage }: { usage: AdminUsageResponse }) {
  const { t } = useConsoleTexts();
  const number = new Intl.NumberFormat(currentLanguage());
  const percent = new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 0 });
  const orNone = (value: number | null, format: (n: number) => string) =>
    value === null ? t('usage.none') : format(value);
  const figures: [string, string][] = [
    [t('usage.cacheHitRate'), orNone(usage.cacheHitRate, (n) => percent.format(n))],
    [t('usage.modelRuns'), number.format(usage.model.runs)],
    [
      t('usage.averageTime'),
      orNone(usage.model.averageMs, (ms) => `${number.format(Math.round(ms / 100) / 10)} s`),
    ],
    [
      t('usage.averageTokens'),
      usage.model.averageInputTokens === null && usage.model.averageOutputTokens === null
        ? t('usage.none')
        : t('usage.tokensValue', {
            input: number.format(usage.model.averageInputTokens ?? 0),
            output: number.format(usage.model.averageOutputTokens ?? 0),
          }),
    ],
    [t('usage.activeWeek'), number.format(usage.activeReadersWeek)],
    [t('usage.premium'), number.format(usage.premiumReaders)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {figures.map(([term, value]) => (
        <div key={term} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
          <dt className="text-sm text-stone-600">{term}</dt>
          <dd className="mt-1 text-xl font-semibold text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DaysTable({ usage }: { usage: AdminUsageResponse }) {
  const { t } = useConsoleTexts();
  const day = new Intl.DateTimeFormat(currentLanguage(), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (
    <details className="rounded-2xl border border-stone-200 bg-white">
      <summary className="cursor-pointer px-4 py-3 font-semibold text-stone-900">{t('usage.table')}</summary>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('usage.table')}</caption>
          <thead className="bg-stone-50 text-stone-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('usage.day')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('usage.summaries')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('usage.audios')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('usage.activeReaders')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...usage.days].reverse().map((row) => (
              <tr key={row.day} className="border-t border-stone-100">
                <th scope="row" className="px-3 py-1.5 font-normal">
                  <time dateTime={row.day}>{day.format(new Date(`${row.day}T00:00:00Z`))}</time>
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{row.summaries}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{row.audios}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{row.activeReaders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Failures({ usage }: { usage: AdminUsageResponse }) {
  const { t } = useConsoleTexts();
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold text-stone-900">{t('usage.failures')}</h3>
      {usage.failures.length === 0 ? (
        <p className="text-sm text-stone-600">{t('usage.noFailures')}</p>
      ) : (
        <table className="w-full max-w-md text-left text-sm">
          <thead className="text-stone-700">
            <tr>
              <th scope="col" className="py-1">
                {t('usage.cause')}
              </th>
              <th scope="col" className="py-1 text-right">
                {t('usage.count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {usage.failures.map((failure) => (
              <tr key={failure.cause} className="border-t border-stone-100">
                <td className="py-1 font-mono text-xs">{failure.cause}</td>
                <td className="py-1 text-right tabular-nums">{failure.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
