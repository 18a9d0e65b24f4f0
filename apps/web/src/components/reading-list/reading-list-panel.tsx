import type { ReadingListItem } from '@summa/shared';
import { BookmarkX, Bookmark, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { bookHref } from '../../lib/book-links';
import { logWarning } from '../../lib/logger';
import { usePeopleTexts } from '../../lib/people-texts';
import { queryView } from '../../lib/query-client';
import { useReadingList } from '../../lib/reading-list';
import { toast } from '../../lib/toast';
import { useLanguage } from '../../lib/use-language';
import { LoadError } from '../load-error';
import { LoadingSkeleton } from '../loading-skeleton';
import { StateMessage } from '../state-message';
import { BookCard } from '../ui/book-card';
import { buttonVariants } from '../ui/button';
import { BusyButton } from '../ui/busy-button';
import { TitleRow } from '../ui/title-row';
import { ReadSummaryLink } from './read-summary-link';

const LOCALE = { pt: 'pt-BR', en: 'en', es: 'es' } as const;

function ReadingListRow({
  item,
  busy,
  onRemove,
}: {
  item: ReadingListItem;
  busy: boolean;
  onRemove: () => void;
}) {
  const { t } = usePeopleTexts();
  const language = useLanguage();
  const { book } = item;
  const savedOn = new Intl.DateTimeFormat(LOCALE[language], { dateStyle: 'medium' }).format(
    new Date(item.savedAt),
  );
  return (
    <BookCard book={book} coverClassName="w-14" authorClassName="truncate" testId="reading-list-item">
      <p className="text-xs text-stone-500">{t('readingList.savedOn', { date: savedOn })}</p>
      <div className="mt-1 flex flex-wrap gap-2">
        <ReadSummaryLink book={book} variant="outline" />
        <BusyButton
          variant="ghost"
          size="sm"
          disabled={busy}
          busy={busy}
          icon={<BookmarkX aria-hidden />}
          onClick={onRemove}
          aria-label={t('readingList.removeLabel', { title: book.title })}
        >
          {t('readingList.remove')}
        </BusyButton>
      </div>
    </BookCard>
  );
}

/** The reader's whole reading list with its states (History's tab). */
export function ReadingListPanel() {
  const { t } = usePeopleTexts();
  const { t: tApp } = useTranslation();
  const language = useLanguage();
  const { list, change, pendingId } = useReadingList(language);
  const view = queryView(list);

  const remove = async (item: ReadingListItem) => {
    try {
      await change(item.book, false);
      toast.success(t('shelf.removedToast'));
    } catch (error) {
      logWarning('reading list change failed', error);
      toast.error(error instanceof ApiError ? error.message : tApp('common.toast.tryAgain'));
    }
  };

  let content: ReactNode;
  if (view === 'error') {
    content = (
      <LoadError
        title={t('readingList.errorTitle')}
        body={t('list.errorBody')}
        retryLabel={t('list.retry')}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (!list.data) {
    content = (
      <LoadingSkeleton testId="reading-list-skeleton" className="flex flex-col gap-3" list count={3}>
        <div className="h-28 animate-pulse rounded-2xl bg-stone-100" />
      </LoadingSkeleton>
    );
  } else if (list.data.items.length === 0) {
    content = (
      <StateMessage
        icon={<Bookmark aria-hidden className="size-10 text-stone-400" />}
        title={t('readingList.emptyTitle')}
        body={t('readingList.emptyBody')}
        action={
          <Link to="/people" className={buttonVariants({ variant: 'primary' })}>
            <Users aria-hidden />
            {t('readingList.emptyCta')}
          </Link>
        }
      />
    );
  } else {
    content = (
      <ul className="flex flex-col gap-3">
        {list.data.items.map((item) => (
          <li key={item.book.id}>
            <ReadingListRow
              item={item}
              busy={pendingId === item.book.id}
              onRemove={() => void remove(item)}
            />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section
      aria-label={t('readingList.title')}
      aria-busy={view === 'loading'}
      className="flex flex-col gap-3"
    >
      <p className="text-sm font-medium text-stone-600" aria-live="polite">
        {list.data && list.data.items.length > 0
          ? t('readingList.count', { count: list.data.items.length })
          : null}
      </p>
      {content}
    </section>
  );
}

/** How many books to name on the profile before 'see the whole list'. */
const PROFILE_SHOWN = 3;

/** The profile's card: how many books are saved, the newest ones, and the way to the list. */
export function ReadingListCard() {
  const { t } = usePeopleTexts();
  const language = useLanguage();
  const { list } = useReadingList(language);
  const items = list.data?.items;
  return (
    <section
      aria-labelledby="reading-list-card"
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
      data-testid="reading-list-card"
    >
      <TitleRow
        id="reading-list-card"
        title={
          <>
            <Bookmark aria-hidden className="size-5 text-brand-700" />
            {t('readingList.title')}
          </>
        }
        aside={
          items ? (
            <span className="text-sm text-stone-600">{t('readingList.count', { count: items.length })}</span>
          ) : null
        }
        className="flex-nowrap gap-3"
        titleClassName="flex items-center gap-2 font-semibold text-stone-900"
      />
      {items && items.length === 0 ? (
        <p className="text-sm text-stone-600">{t('readingList.profileEmpty')}</p>
      ) : null}
      {items && items.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm text-stone-800">
          {items.slice(0, PROFILE_SHOWN).map((item) => (
            <li key={item.book.id} className="truncate">
              <Link to={bookHref(item.book)} className="hover:text-brand-800 hover:underline">
                {item.book.title}
              </Link>
              <span className="text-stone-500"> · {item.book.author}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {list.isError ? <p className="text-sm text-stone-600">{t('readingList.errorTitle')}</p> : null}
      <Link
        to="/history?tab=reading-list"
        className="self-start text-sm font-semibold text-brand-800 hover:text-brand-900"
      >
        {t('readingList.seeAll')}
      </Link>
    </section>
  );
}
