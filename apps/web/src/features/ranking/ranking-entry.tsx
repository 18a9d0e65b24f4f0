import type { RankingEntry } from '@summa/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LevelName } from '../../components/gamification/level-icon';
import { ReaderAvatar } from '../../components/gamification/reader-avatar';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/utils';

/** The name a ranking shows: the nickname the reader chose, else the anonymous label (never the real name). */
export function readerLabel(entry: Pick<RankingEntry, 'nickname' | 'anonymousCode'>, t: TFunction): string {
  return entry.nickname ?? t('ranking.anonymous', { code: entry.anonymousCode });
}

const PODIUM = [
  'bg-amber-100 text-amber-800',
  'bg-stone-200 text-stone-700',
  'bg-orange-100 text-orange-800',
];

/** One row: rank, avatar, name (as text: nicknames are user input), level, XP and summaries. */
export function RankingRow({ entry }: { entry: RankingEntry }) {
  const { t, i18n } = useTranslation();
  const xp = t('gamification.xp', { xp: new Intl.NumberFormat(i18n.language).format(entry.xp) });
  return (
    <div
      data-testid="ranking-entry"
      aria-current={entry.isMe ? 'true' : undefined}
      className={cn(
        'flex items-center gap-2 rounded-2xl border bg-white px-3 py-3 sm:gap-3 sm:px-4',
        entry.isMe ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500' : 'border-stone-200',
      )}
    >
      <span
        className={cn(
          'flex h-7 min-w-7 shrink-0 items-center justify-center rounded-full px-1 text-sm font-bold tabular-nums',
          PODIUM[entry.rank - 1] ?? 'text-stone-600',
        )}
      >
        <span className="sr-only">{t('ranking.rank', { rank: entry.rank })}</span>
        <span aria-hidden>{entry.rank}</span>
      </span>
      <ReaderAvatar url={entry.avatarUrl} name={entry.nickname} className="size-8 sm:size-10" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex min-w-0 items-center gap-2">
          <span
            className="truncate text-sm font-semibold text-stone-900 sm:text-base"
            title={readerLabel(entry, t)}
            data-testid="ranking-name"
          >
            {readerLabel(entry, t)}
          </span>
          {entry.isMe ? (
            <Badge variant="brand" className="shrink-0">
              {t('ranking.you')}
            </Badge>
          ) : null}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-stone-600">
          <LevelName level={entry.level} className="whitespace-nowrap" />
          {/* On a phone the XP joins this line, leaving the name the row's width. */}
          <span className="font-semibold whitespace-nowrap text-stone-900 tabular-nums sm:hidden">{xp}</span>
          <span className="whitespace-nowrap">{t('ranking.summaries', { count: entry.summariesCount })}</span>
        </p>
      </div>
      <span className="hidden shrink-0 text-sm font-semibold text-stone-900 tabular-nums sm:block">{xp}</span>
    </div>
  );
}

export function RankingRowSkeleton() {
  return (
    <div className="flex animate-pulse items-center gap-3 rounded-2xl border border-stone-200 bg-white px-3 py-3 sm:px-4">
      <span className="size-8 rounded-full bg-stone-200" />
      <span className="size-10 rounded-full bg-stone-200" />
      <span className="flex flex-1 flex-col gap-2">
        <span className="h-4 w-1/2 rounded bg-stone-200" />
        <span className="h-3 w-1/3 rounded bg-stone-100" />
      </span>
      <span className="h-4 w-12 rounded bg-stone-200" />
    </div>
  );
}
