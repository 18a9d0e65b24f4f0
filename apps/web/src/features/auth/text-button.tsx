import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** A button that reads as a link in the auth forms: forgot password, back to login, the other form. */
export function TextButton({ className, ...props }: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      className={cn('rounded text-sm font-medium text-brand-700 hover:underline', className)}
      {...props}
    />
  );
}
