import { cn } from '../../lib/utils';

/**
 * A labelled progress bar (0 to `max`). `className` styles the track (height, colour, width);
 * the fill is brand-coloured unless `fillClassName` or `color` (a tier's) says otherwise.
 */
export function ProgressBar({
  value,
  max = 100,
  label,
  valueText,
  color,
  className,
  fillClassName,
}: {
  value: number;
  max?: number;
  label: string;
  valueText?: string;
  color?: string;
  className?: string;
  fillClassName?: string;
}) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-stone-200', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width]',
          color ? null : (fillClassName ?? 'bg-brand-600'),
        )}
        style={{ width: `${percent}%`, ...(color ? { backgroundColor: color } : {}) }}
      />
    </div>
  );
}
