import { cn } from '../../lib/utils';

/** Drawn portraits: no photograph is fetched from anywhere; each person gets a steady colour. */
const PALETTE = [
  'bg-brand-700',
  'bg-emerald-700',
  'bg-sky-800',
  'bg-rose-700',
  'bg-amber-800',
  'bg-violet-700',
  'bg-teal-800',
  'bg-stone-700',
] as const;

function colourOf(slug: string): string {
  let hash = 0;
  for (const character of slug) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0];
}

/** A person's initials in a circle; decorative (their name is always shown beside it). */
export function PersonPortrait({
  slug,
  initials,
  className,
}: {
  slug: string;
  initials: string;
  className?: string;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full font-semibold tracking-wide text-white scheme-light select-none',
        colourOf(slug),
        className,
      )}
    >
      {initials}
    </span>
  );
}
