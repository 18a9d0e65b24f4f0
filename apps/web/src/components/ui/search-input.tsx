import { Search } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { inputClass, Label } from './input';

interface SearchInputProps extends Omit<ComponentProps<'input'>, 'type' | 'id'> {
  id: string;
  label: string;
  /** The label is read by screen readers only (the page says what the box is for otherwise). */
  labelHidden?: boolean;
  /** At the end of the field: a button that clears it, or a spinner while it searches. */
  end?: ReactNode;
  /** The input's own classes; `className` goes to the label and box around it. */
  inputClassName?: string;
}

/** A labelled search box: the magnifier at its start, the browser's own clear button replaced by `end`. */
export function SearchInput({
  id,
  label,
  labelHidden = false,
  end,
  className,
  inputClassName,
  ...props
}: SearchInputProps) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id} className={cn(labelHidden && 'sr-only')}>
        {label}
      </Label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500"
        />
        <input
          id={id}
          type="search"
          autoComplete="off"
          className={cn(inputClass, 'pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden', inputClassName)}
          {...props}
        />
        {end}
      </div>
    </div>
  );
}
