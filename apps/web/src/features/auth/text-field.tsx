import type { ComponentProps, Ref } from 'react';
import { cn } from '../../lib/utils';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  hint?: string;
  invalid?: boolean;
  /** Id of the error text that describes this field while it is invalid. */
  errorId?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input; the label, hint and error are tied to it for assistive technology. */
export function TextField({
  id,
  label,
  hint,
  invalid = false,
  errorId,
  className,
  ...props
}: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, invalid ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={cn(
          'h-11 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-sm transition-colors placeholder:text-stone-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 disabled:opacity-60 aria-invalid:border-red-500',
          className,
        )}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
