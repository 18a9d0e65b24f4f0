import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HardDrive, History, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardSkeleton, LoadingSkeleton } from '../../components/loading-skeleton';
import { LoadError } from '../../components/load-error';
import { Page } from '../../components/page';
import { StateMessage } from '../../components/state-message';
import { BookCover } from '../../components/ui/book-cover';
import { Button, buttonVariants } from '../../components/ui/button';
import { useAuth } from '../../lib/auth/use-auth';
import { keptCopiesChanged } from '../../lib/invalidation';
import { formatSize, LOCALE } from '../../lib/locale';
import { keptEntries, removeKept, type KeptEntry } from '../../lib/offline/kept-summaries';
import { queryView } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { useLanguage } from '../../lib/use-language';

/** `/offline`: 'On this device', the summaries the reader kept in this browser (ADR 0036). */
export function OnThisDevicePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Page title={t('offline.device.title')} lead={t('offline.device.lead')}>
      <div className="max-w-3xl">{user ? <KeptList owner={user.id} /> : null}</div>
    </Page>
  );
}

function KeptList({ owner }: { owner: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const client = useQueryClient();
  const kept = useQuery({
    queryKey: queryKeys.keptList(owner),
    queryFn: () => keptEntries(owner),
    networkMode: 'always',
  });
  const remove = useMutation({
    networkMode: 'always',
    mutationFn: (id: string) => removeKept(owner, id),
    onSuccess: () => keptCopiesChanged(client),
  });

  const view = queryView(kept);
  if (view === 'error') {
    return (
      <LoadError
        title={t('offline.device.error.title')}
        body={t('offline.device.error.body')}
        retryLabel={t('offline.device.error.retry')}
        onRetry={() => void kept.refetch()}
      />
    );
  }
  if (!kept.data) {
    return (
      <LoadingSkeleton
        testId="kept-skeleton"
        className="flex flex-col gap-3"
        list
        count={3}
        item={
          <CardSkeleton
            className="gap-4 sm:p-4"
            picture="aspect-[2/3] w-14 rounded-md bg-stone-200 sm:w-16"
            text="gap-2 py-1"
            lines={['h-4 w-3/5 bg-stone-200', 'h-3 w-1/3 bg-stone-200', 'h-3 w-1/2 bg-stone-100']}
          />
        }
      />
    );
  }
  const entries = kept.data;
  if (entries.length === 0) {
    return (
      <StateMessage
        icon={<HardDrive aria-hidden className="size-10 text-stone-400" />}
        title={t('offline.device.empty.title')}
        body={t('offline.device.empty.body')}
        action={
          <Link to="/history" className={buttonVariants({ variant: 'outline' })}>
            <History aria-hidden />
            {t('offline.device.empty.action')}
          </Link>
        }
      />
    );
  }
  const total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium text-stone-700" data-testid="kept-total">
        {t('offline.device.total', { count: entries.length, size: formatSize(total, language) })}
      </p>
      <ul className="flex flex-col gap-3" data-testid="kept-list">
        {entries.map((entry) => (
          <li key={entry.summary.id}>
            <KeptItem
              entry={entry}
              removing={remove.isPending && remove.variables === entry.summary.id}
              onRemove={() => remove.mutate(entry.summary.id)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function KeptItem({
  entry,
  removing,
  onRemove,
}: {
  entry: KeptEntry;
  removing: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { summary } = entry;
  const keptOn = new Intl.DateTimeFormat(LOCALE[language], { dateStyle: 'medium' }).format(
    new Date(entry.keptAt),
  );
  return (
    <div
      className="flex gap-4 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:p-4"
      data-testid="kept-item"
    >
      <BookCover src={summary.cover_url} className="w-14 sm:w-16" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={`/summary/${encodeURIComponent(summary.id)}`}
          className="line-clamp-2 font-semibold text-stone-900 hover:text-brand-800 hover:underline"
        >
          {summary.title}
        </Link>
        <span className="truncate text-sm text-stone-600">{summary.author}</span>
        {/* Below md the date has a line of its own: a dot ending a wrapped line reads as a slip. */}
        <span className="flex flex-col text-xs text-stone-600 md:flex-row md:gap-x-2">
          <span className="flex gap-x-2">
            <span>{t(entry.withNarration ? 'offline.device.withNarration' : 'offline.device.textOnly')}</span>
            <span aria-hidden>·</span>
            <span data-testid="kept-size">{formatSize(entry.bytes, language)}</span>
            <span aria-hidden className="hidden md:inline">
              ·
            </span>
          </span>
          <span>{t('offline.device.keptOn', { date: keptOn })}</span>
        </span>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="self-center"
        disabled={removing}
        aria-label={t('offline.device.removeLabel', { title: summary.title })}
        onClick={onRemove}
      >
        <Trash2 aria-hidden />
        <span className="hidden sm:inline">{t('offline.device.remove')}</span>
      </Button>
    </div>
  );
}
