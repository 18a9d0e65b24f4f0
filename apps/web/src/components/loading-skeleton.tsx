import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/utils';

interface LoadingSkeletonProps {
  /** Names the placeholder for tests (`data-testid`). */
  testId: string;
  /** The placeholder's layout (a grid, a column...). */
  className?: string;
  /** How many placeholders of `item` to show; without it, `children` is the placeholder. */
  count?: number;
  /** One placeholder item, repeated `count` times (as list items when `list`). */
  item?: ReactNode;
  /** The placeholders stand for a list's items. */
  list?: boolean;
  /** What screen readers hear meanwhile; 'Loading…' unless given. */
  label?: string;
  children?: ReactNode;
}

/**
 * Server data on its way: a placeholder shaped like what will come (hidden from screen readers)
 * and a status message they announce instead. The one loading state of every screen.
 */
export function LoadingSkeleton({
  testId,
  className,
  count = 0,
  item,
  list = false,
  label,
  children,
}: LoadingSkeletonProps) {
  const { t } = useTranslation();
  const items = Array.from({ length: count }, (_, index) =>
    list ? <li key={index}>{item}</li> : <Fragment key={index}>{item}</Fragment>,
  );
  const Shape = list ? 'ul' : 'div';
  return (
    <>
      <p role="status" className="sr-only">
        {label ?? t('common.loading')}
      </p>
      <Shape className={cn(className)} aria-hidden data-testid={testId}>
        {count > 0 ? items : children}
      </Shape>
    </>
  );
}

interface CardSkeletonProps {
  /** The card's own spacing and alignment, beside the chrome every list card shares. */
  className: string;
  /** The picture's size, shape and shade: a book's cover, a person's avatar. */
  picture: string;
  /** The text column's spacing. */
  text: string;
  /** Each line of text: its height, width and shade. */
  lines: string[];
  /** What follows the lines (a card's chips). */
  children?: ReactNode;
}

/** A list card's placeholder (an item of a LoadingSkeleton): a picture beside lines of text. */
export function CardSkeleton({ className, picture, text, lines, children }: CardSkeletonProps) {
  return (
    <div className={cn('flex rounded-2xl border border-stone-200 bg-white p-3', className)} aria-hidden>
      <div className={cn('shrink-0 animate-pulse', picture)} />
      <div className={cn('flex flex-1 flex-col', text)}>
        {lines.map((line, index) => (
          <div key={index} className={cn('animate-pulse rounded', line)} />
        ))}
        {children}
      </div>
    </div>
  );
}
