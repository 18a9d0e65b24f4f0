import type { AdminUsageResponse } from '@summa/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { DataTable, type TableColumn } from '../../components/ui/data-table';
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

type UsageDay = AdminUsageResponse['days'][number];

function DaysTable({ usage }: { usage: AdminUsageResponse }) {
  const { t } = useConsoleTexts();
  const day = new Intl.DateTimeFormat(currentLanguage(), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const columns: TableColumn<UsageDay>[] = [
    {
      header: t('usage.day'),
      cell: (row) => <time dateTime={row.day}>{day.format(new Date(`${row.day}T00:00:00Z`))}</time>,
      rowHeader: true,
    },
    { header: t('usage.summaries'), cell: (row) => row.summaries, numeric: true },
    { header: t('usage.audios'), cell: (row) => row.audios, numeric: true },
    { header: t('usage.activeReaders'), cell: (row) => row.activeReaders, numeric: true },
  ];
  return (
    <details className="rounded-2xl border border-stone-200 bg-white">
      <summary className="cursor-pointer px-4 py-3 font-semibold text-stone-900">{t('usage.table')}</summary>
      <div className="overflow-x-auto">
        <DataTable
          caption={t('usage.table')}
          columns={columns}
          rows={[...usage.days].reverse()}
          rowKey={(row) => row.day}
          cellClassName="px-3 py-1.5"
        />
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
        <DataTable
          columns={[
            { header: t('usage.cause'), cell: (failure) => failure.cause, className: 'font-mono text-xs' },
            { header: t('usage.count'), cell: (failure) => failure.count, numeric: true },
          ]}
          rows={usage.failures}
          rowKey={(failure) => failure.cause}
          className="max-w-md"
          headClassName="text-stone-700"
          headCellClassName="py-1"
          cellClassName="py-1"
        />
      )}
    </div>
  );
}
