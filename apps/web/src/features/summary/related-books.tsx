import type { RelatedBook } from '@summa/shared';
import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCover } from '../../components/ui/book-cover';
import { buttonVariants } from '../../components/ui/button';

/** The home page, prefilled to start a summary of `book`. */
export function summarizeHref(book: RelatedBook): string {
  const query = new URLSearchParams({ title: book.title, author: book.author, bookId: book.id });
  return `/home?${query.toString()}`;
}

/** Books of the same category, each with a way to summarize it. Nothing when there are none. */
export function RelatedBooks({ books }: { books: readonly RelatedBook[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (books.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="print:hidden" data-print-hidden>
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">
        {t('summary.related.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('summary.related.lead')}</p>
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {books.map((book) => (
          <li
            key={book.id}
            className="flex h-full min-w-0 gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm"
            data-testid="related-book"
          >
            <BookCover src={book.cover_url} className="w-16" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="line-clamp-2 font-semibold text-stone-900">{book.title}</p>
              <p className="truncate text-sm text-stone-600">{book.author}</p>
              <Link
                to={summarizeHref(book)}
                aria-label={t('summary.related.summarizeLabel', { title: book.title })}
                className={buttonVariants({
                  variant: 'outline',
                  size: 'sm',
                  // Wraps on a narrow phone instead of pushing the card past the screen's edge.
                  className: 'mt-auto h-auto min-h-9 max-w-full self-start py-1.5 whitespace-normal',
                })}
              >
                <Sparkles aria-hidden />
                {t('summary.related.summarize')}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
