import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/utils';

/** Up to two initials of a name or nickname ('Ana Souza' → 'AS', 'bookworm' → 'B'). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

/**
 * A reader's avatar (a preset's image or their upload), else the initials of their nickname or
 * name when given, else a neutral placeholder. Decorative (aria-hidden): the control it sits in,
 * or the text beside it, carries the name.
 */
export function ReaderAvatar({
  url,
  name = null,
  className,
}: {
  url: string | null;
  name?: string | null;
  className?: string;
}) {
  // An image that fails to load (an expired signed URL) falls back to the initials.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const initials = name ? initialsOf(name) : '';
  const box = cn('flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full', className);
  if (url && failedUrl !== url) {
    return (
      <img
        src={url}
        alt=""
        aria-hidden
        className={cn(box, 'bg-stone-100 object-cover')}
        width={40}
        height={40}
        loading="lazy"
        decoding="async"
        onError={() => setFailedUrl(url)}
        data-testid="reader-avatar"
      />
    );
  }
  if (initials) {
    return (
      <span
        aria-hidden
        className={cn(box, 'bg-brand-100 text-xs font-bold text-brand-800')}
        data-testid="reader-avatar"
      >
        {initials}
      </span>
    );
  }
  return (
    <span aria-hidden className={cn(box, 'bg-stone-100 text-stone-400')} data-testid="reader-avatar">
      <UserRound className="size-3/5" data-testid="avatar-placeholder" />
    </span>
  );
}
