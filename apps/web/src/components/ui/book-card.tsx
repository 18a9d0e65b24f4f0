import type { Book } from '@summa/shared';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { BookCover } from './book-cover';

/**
 * A book as the lists show it: its cover beside its title and author, and what the list adds
 * below them (a source, a date, the ways forward). The classes set the card's size; the frame,
 * the cover's place and the type stay alike everywhere.
 */
export function BookCard({
  book,
  as: Frame = 'article',
  titleAs: Title = 'h3',
  className,
  coverClassName,
  bodyClassName,
  titleClassName,
  authorClassName,
  testId,
  children,
}: {
  book: Pick<Book, 'title' | 'author' | 'cover_url'>;
  /** `li` for a card that is an item of a list. */
  as?: 'article' | 'li';
  /** `p` where the list has no heading level for its books. */
  titleAs?: 'h3' | 'p';
  className?: string;
  /** The cover's width. */
  coverClassName: string;
  bodyClassName?: string;
  titleClassName?: string;
  authorClassName?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <Frame
      className={cn('flex gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm', className)}
      data-testid={testId}
    >
      <BookCover src={book.cover_url} className={coverClassName} />
      <div className={cn('flex min-w-0 flex-1 flex-col gap-1', bodyClassName)}>
        <Title className={cn('font-semibold text-stone-900', titleClassName)}>{book.title}</Title>
        <p className={cn('text-sm text-stone-600', authorClassName)}>{book.author}</p>
        {children}
      </div>
    </Frame>
  );
}
