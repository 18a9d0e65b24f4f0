import { useState } from 'react';
import { cn } from '../../lib/utils';

/** A neutral drawn book, shown when a cover is missing or fails to load (no external service). */
export function BookCoverPlaceholder({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 40 60"
      preserveAspectRatio="xMidYMid slice"
      className={cn('block', className)}
      aria-hidden
      focusable="false"
      data-testid="book-cover-placeholder"
    >
      <rect width="40" height="60" className="fill-brand-100" />
      <rect x="0" y="0" width="5" height="60" className="fill-brand-200" />
      <rect x="11" y="14" width="22" height="3" rx="1.5" className="fill-brand-500/60" />
      <rect x="11" y="21" width="16" height="3" rx="1.5" className="fill-brand-500/40" />
      <path
        d="M14 38h14a2 2 0 0 1 2 2v8H16a2 2 0 0 1-2-2v-8Z"
        className="fill-none stroke-brand-500/60"
        strokeWidth="1.5"
      />
      <path d="M17 42h9M17 45h6" className="stroke-brand-500/50" strokeWidth="1.2" strokeLinecap="round" />
    </svg>
  );
}

interface BookCoverProps {
  src: string | null | undefined;
  className?: string;
  /** Load the image eagerly (above the fold) rather than when it scrolls into view. */
  eager?: boolean;
}

/**
 * A book cover at a 2:3 ratio. Covers sit next to the title, so they are decorative (empty alt).
 * A missing URL or an image that fails to load shows the drawn placeholder instead.
 */
export function BookCover({ src, className, eager = false }: BookCoverProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span
      className={cn(
        'relative block aspect-[2/3] shrink-0 self-start overflow-hidden rounded-md bg-stone-100 shadow-sm ring-1 ring-stone-900/10',
        className,
      )}
    >
      {showImage && src ? (
        <img
          src={src}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <BookCoverPlaceholder className="size-full" />
      )}
    </span>
  );
}
