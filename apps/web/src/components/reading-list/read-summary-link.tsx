import type { Book } from '@summa/shared';
import { BookOpen, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { bookHref } from '../../lib/book-links';
import { usePeopleTexts } from '../../lib/people-texts';
import { buttonVariants } from '../ui/button';

/**
 * A book's way to its summary: the stored one in the reader's language, or 'summarize' through the
 * home page's usual flow and quota.
 */
export function ReadSummaryLink({
  book,
  variant = 'primary',
}: {
  book: Pick<Book, 'id' | 'title' | 'author' | 'summary_id'>;
  variant?: 'primary' | 'outline';
}) {
  const { t } = usePeopleTexts();
  return (
    <Link to={bookHref(book)} className={buttonVariants({ size: 'sm', variant })}>
      {book.summary_id ? <BookOpen aria-hidden /> : <Sparkles aria-hidden />}
      {book.summary_id ? t('shelf.readSummary') : t('shelf.summarize')}
    </Link>
  );
}
