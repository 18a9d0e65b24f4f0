import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const inputClass =
  'h-11 w-full min-w-0 rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-xs transition-colors placeholder:text-stone-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 disabled:cursor-not-allowed disabled:opacity-50 read-only:bg-stone-100 read-only:text-stone-700 aria-invalid:border-red-500 sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClass, className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium text-stone-800', className)} {...props} />;
}
