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
import type { Theme } from '../../lib/theme';
import { useTheme } from '../../lib/use-theme';
import { useConsoleTexts } from './console-texts';

/** SVG attributes take no CSS variables: the charts' colours, as index.css's tokens give them in each theme. */
const CHART_COLORS: Record<
  Theme,
  Record<'grid' | 'text' | 'surface' | 'summaries' | 'audios' | 'readers', string>
> = {
  light: {
    grid: '#e7e5e4',
    text: '#57534e',
    surface: '#ffffff',
    summaries: '#4f46e5',
    audios: '#d97706',
    readers: '#059669',
  },
  dark: {
    grid: '#3a3633',
    text: '#c4beb9',
    surface: '#1b1816',
    summaries: '#8b95f9',
    audios: '#f59e0b',
    readers: '#34d399',
  },
};

/**
 * The usage charts (recharts, in this chunk only: the admin's usage section loads it). They are
 * pictures of the table below them, so screen readers and the keyboard skip them (aria-hidden,
 * inert) and read the table.
 */
export default function UsageCharts({ days }: { days: AdminUsageDay[] }) {
  const { t } = useConsoleTexts();
  const colors = CHART_COLORS[useTheme().theme];
  const tick = { fontSize: 11, fill: colors.text };
  const tooltip = { backgroundColor: colors.surface, borderColor: colors.grid, color: colors.text };
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
            <CartesianGrid strokeDasharray="3 3" stroke={colors.grid} />
            <XAxis dataKey="label" tick={tick} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={tick} width={32} />
            <Tooltip contentStyle={tooltip} cursor={{ fill: colors.grid }} />
            <Legend />
            <Bar
              isAnimationActive={false}
              dataKey="summaries"
              name={t('usage.summaries')}
              fill={colors.summaries}
            />
            <Bar isAnimationActive={false} dataKey="audios" name={t('usage.audios')} fill={colors.audios} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <figure className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
        <figcaption className="mb-2 text-sm font-semibold text-stone-900">
          {t('usage.activePerDay')}
        </figcaption>
        <ResponsiveContainer width="100%" height={220}>
          <LineChart data={data} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke={colors.grid} />
            <XAxis dataKey="label" tick={tick} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={tick} width={32} />
            <Tooltip contentStyle={tooltip} cursor={{ fill: colors.grid }} />
            <Line
              isAnimationActive={false}
              type="monotone"
              dataKey="activeReaders"
              name={t('usage.activeReaders')}
              stroke={colors.readers}
              strokeWidth={2}
              dot={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
