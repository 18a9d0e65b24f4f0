import type { Book } from '@summa/shared';
import { BookOpenCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardSkeleton } from '../../components/loading-skeleton';
import { BookCover } from '../../components/ui/book-cover';
import { BookBadges, BookFacts } from './book-badges';
import { bookHref } from './explore-state';

/** One catalogue book; choosing it opens its summary, or starts one on the home page. */
export function BookCard({ book }: { book: Book }) {
  const { t } = useTranslation();
  return (
    <Link
      to={bookHref(book)}
      className="group flex h-full gap-4 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm transition hover:border-brand-300 hover:shadow-md"
      data-testid="book-card"
    >
      <BookCover src={book.cover_url} className="w-20" />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="line-clamp-2 font-semibold text-stone-900 group-hover:text-brand-800">
          {book.title}
        </span>
        <span className="truncate text-sm text-stone-600">{book.author}</span>
        <BookFacts book={book} />
        {book.summary_id ? (
          <span className="flex items-center gap-1 text-xs font-medium text-brand-700">
            <BookOpenCheck className="size-3.5" aria-hidden />
            {t('search.explore.summaryReady')}
          </span>
        ) : null}
        <span className="mt-auto pt-1">
          <BookBadges book={book} />
        </span>
      </span>
    </Link>
  );
}

export function BookCardSkeleton() {
  return (
    <CardSkeleton
      className="gap-4"
      picture="aspect-[2/3] w-20 rounded-md bg-stone-200"
      text="gap-2 py-1"
      lines={['h-4 w-4/5 bg-stone-200', 'h-3 w-1/2 bg-stone-200', 'h-3 w-1/3 bg-stone-100']}
    >
      <div className="mt-auto flex gap-1">
        <div className="h-5 w-16 animate-pulse rounded-full bg-stone-100" />
        <div className="h-5 w-20 animate-pulse rounded-full bg-stone-100" />
      </div>
    </CardSkeleton>
  );
}
