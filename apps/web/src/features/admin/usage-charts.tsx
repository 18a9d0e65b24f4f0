import type { AdminUsageDay } from '@summa/shared';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { currentLanguage } from '../../lib/i18n';
import { useConsoleTexts } from './console-texts';

/**
 * The usage charts (recharts, in this chunk only: the admin's usage section loads it). They are
 * pictures of the table below them, so screen readers and the keyboard skip them (aria-hidden,
 * inert) and read the table.
 */
export default function UsageCharts({ days }: { days: AdminUsageDay[] }) {
  const { t } = useConsoleTexts();
  const format = new Intl.DateTimeFormat(currentLanguage(), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const data = days.map((day) => ({ ...day, label: format.format(new Date(`${day.day}T00:00:00Z`)) }));
  return (
    <div className="grid gap-4 lg:grid-cols-2" aria-hidden inert>
      <figure className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
        <figcaption className="mb-2 text-sm font-semibold text-stone-900">{t('usage.perDay')}</figcaption>
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={data} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={32} />
            <Tooltip />
            <Legend />
            <Bar isAnimationActive={false} dataKey="summaries" name={t('usage.summaries')} fill="#4f46e5" />
            <Bar isAnimationActive={false} dataKey="audios" name={t('usage.audios')} fill="#d97706" />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <figure className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
        <figcaption className="mb-2 text-sm font-semibold text-stone-900">
          {t('usage.activePerDay')}
        </figcaption>
        <ResponsiveContainer width="100%" height={220}>
          <LineChart data={data} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={32} />
            <Tooltip />
            <Line
              isAnimationActive={false}
              type="monotone"
              dataKey="activeReaders"
              name={t('usage.activeReaders')}
              stroke="#059669"
              strokeWidth={2}
              dot={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
