import { UserRound } from 'lucide-react';
import { cn } from '../../lib/utils';

/**
 * A reader's avatar (a preset's image or their upload), or a neutral placeholder. Decorative:
 * the reader's name or label is always written beside it.
 */
export function ReaderAvatar({ url, className }: { url: string | null; className?: string }) {
  const box = cn('size-10 shrink-0 overflow-hidden rounded-full bg-stone-100', className);
  if (!url) {
    return (
      <span
        className={cn(box, 'flex items-center justify-center text-stone-400')}
        data-testid="avatar-placeholder"
      >
        <UserRound aria-hidden className="size-3/5" />
      </span>
    );
  }
  return <img src={url} alt="" className={cn(box, 'object-cover')} loading="lazy" decoding="async" />;
}
