import { useId } from 'react';
import { cn } from '../../lib/utils';
import { inputClass } from './input';

interface InlineSelectProps<T extends string | number> {
  label: string;
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (option: T) => void;
  /** The row's classes (its place in the toolbar it sits in). */
  className?: string;
}

/** A small select with its label beside it, for a toolbar: the sort order, the playback speed. */
export function InlineSelect<T extends string | number>({
  label,
  value,
  options,
  optionLabel,
  onChange,
  className,
}: InlineSelectProps<T>) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="text-sm whitespace-nowrap text-stone-600">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const next = options.find((option) => String(option) === event.target.value);
          if (next !== undefined) onChange(next);
        }}
        className={cn(inputClass, 'h-9 w-auto py-0 pr-8 pl-2.5 text-sm sm:text-sm')}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
