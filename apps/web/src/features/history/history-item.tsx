import type { HistoryItem } from '@summa/shared';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardSkeleton } from '../../components/loading-skeleton';
import { BookCover } from '../../components/ui/book-cover';
import { currentLanguage } from '../../lib/i18n';
import { formatFullDate, formatSeen } from './format-seen';

/** One summary of the history: the book, its one-liner and when the reader last saw it. */
export function HistoryEntry({ item, now }: { item: HistoryItem; now: Date }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const languageName = t(`common.language.${item.language}`);
  const fullDate = formatFullDate(item.lastSeenAt, language);
  if (item.removed) {
    // An admin removed it (ADR 0030): the entry stays, saying so, and opens nothing.
    return (
      <div
        className="flex gap-4 rounded-2xl border border-dashed border-stone-300 bg-stone-50 p-3 sm:p-4"
        data-testid="history-item"
      >
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="font-semibold text-stone-700">{item.title}</span>
          <span className="truncate text-sm text-stone-600">{item.author}</span>
          <span className="text-sm text-stone-700" data-testid="history-item-removed">
            {t('history.removed')}
          </span>
        </span>
      </div>
    );
  }
  return (
    <Link
      to={`/summary/${encodeURIComponent(item.summaryId)}`}
      className="group flex gap-4 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm transition hover:border-brand-300 hover:shadow-md sm:p-4"
      data-testid="history-item"
    >
      <BookCover src={item.cover_url} className="w-16 sm:w-20" />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex items-start justify-between gap-3">
          <span className="line-clamp-2 font-semibold text-stone-900 group-hover:text-brand-800">
            {item.title}
          </span>
          <abbr
            title={t('history.languageLabel', { language: languageName })}
            className="shrink-0 rounded-md border border-stone-200 bg-stone-100 px-1.5 py-0.5 text-xs font-semibold text-stone-700 no-underline"
          >
            {item.language.toUpperCase()}
          </abbr>
        </span>
        <span className="truncate text-sm text-stone-600">{item.author}</span>
        <span className="line-clamp-2 text-sm text-stone-700">{item.oneLiner}</span>
        <span className="mt-auto flex items-center justify-between gap-3 pt-1 text-xs text-stone-500">
          <time dateTime={item.lastSeenAt} title={t('history.lastSeen', { date: fullDate })}>
            {formatSeen(item.lastSeenAt, language, now)}
          </time>
          <ChevronRight aria-hidden className="size-4 text-stone-400 group-hover:text-brand-600" />
        </span>
      </span>
    </Link>
  );
}

export function HistoryEntrySkeleton() {
  return (
    <CardSkeleton
      className="gap-4 sm:p-4"
      picture="aspect-[2/3] w-16 rounded-md bg-stone-200 sm:w-20"
      text="gap-2 py-1"
      lines={[
        'h-4 w-3/5 bg-stone-200',
        'h-3 w-1/3 bg-stone-200',
        'h-3 w-full bg-stone-100',
        'h-3 w-4/5 bg-stone-100',
      ]}
    />
  );
}
