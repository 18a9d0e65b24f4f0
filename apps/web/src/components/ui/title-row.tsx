import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

/**
 * A card's or a section's title row: its heading (with the id the card is labelled by) at the
 * start, and what stands beside it at the end (a badge, a count, a link). The row wraps on a
 * narrow screen unless `className` says otherwise.
 */
export function TitleRow({
  id,
  title,
  lead,
  aside,
  className,
  titleClassName,
}: {
  id: string;
  title: ReactNode;
  /** A line under the heading. */
  lead?: ReactNode;
  aside?: ReactNode;
  className?: string;
  titleClassName: string;
}) {
  const heading = (
    <h2 id={id} className={titleClassName}>
      {title}
    </h2>
  );
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-x-3 gap-y-2', className)}>
      {lead === undefined ? (
        heading
      ) : (
        <div>
          {heading}
          <p className="text-sm text-stone-600">{lead}</p>
        </div>
      )}
      {aside}
    </div>
  );
}
