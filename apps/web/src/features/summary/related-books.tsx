import type { RelatedBook } from '@summa/shared';
import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCard } from '../../components/ui/book-card';
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
          <BookCard
            key={book.id}
            book={book}
            as="li"
            titleAs="p"
            className="h-full min-w-0"
            coverClassName="w-16"
            titleClassName="line-clamp-2"
            authorClassName="truncate"
            testId="related-book"
          >
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
          </BookCard>
        ))}
      </ul>
    </section>
  );
}
