import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * A form's submit button: while the form is sending it stays focusable (aria-disabled, not
 * disabled, so a keyboard reader keeps their place), says so to assistive technology and swaps
 * its icon for a spinner.
 */
export function SubmitButton({
  busy,
  icon,
  children,
  className = 'w-full sm:w-auto sm:self-start',
}: {
  busy: boolean;
  icon: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Button type="submit" aria-disabled={busy} aria-busy={busy} className={className}>
      {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : icon}
      {children}
    </Button>
  );
}
