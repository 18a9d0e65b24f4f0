import type { ReactNode } from 'react';
import { BusyButton } from './busy-button';

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
    <BusyButton type="submit" busy={busy} icon={icon} aria-disabled={busy} className={className}>
      {children}
    </BusyButton>
  );
}
