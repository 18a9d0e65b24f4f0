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
 * The reader's avatar: their image, else the initials of their nickname or name, else a
 * placeholder. Decorative (aria-hidden): the control it sits in carries the name.
 */
export function ReaderAvatar({
  url,
  name,
  className,
}: {
  url: string | null;
  name: string | null;
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
        onError={() => setFailedUrl(url)}
        data-testid="reader-avatar"
      />
    );
  }
  return (
    <span aria-hidden className={base} data-testid="reader-avatar">
      {initials || <UserRound className="size-4" />}
    </span>
  );
}
