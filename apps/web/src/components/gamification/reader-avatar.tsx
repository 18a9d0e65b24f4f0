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
 * A reader's avatar: their image (a preset or an upload), else the initials of a name when one
 * is given, else a neutral placeholder. Decorative (aria-hidden): the name or label is always
 * written beside it, or carried by the control it sits in.
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
  const base = cn(
    'flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-xs font-bold text-brand-800',
    className,
  );
  if (url && failedUrl !== url) {
    return (
      <img
        src={url}
        alt=""
        aria-hidden
        className={cn(base, 'object-cover')}
        width={32}
        height={32}
        decoding="async"
        onError={() => setFailedUrl(url)}
        data-testid="reader-avatar"
      />
    );
  }
  if (initials) {
    return (
      <span aria-hidden className={base} data-testid="reader-avatar">
        {initials}
      </span>
    );
  }
  return (
    <span aria-hidden className={cn(base, 'bg-stone-100 text-stone-400')} data-testid="avatar-placeholder">
      <UserRound className="size-3/5" />
    </span>
  );
}
