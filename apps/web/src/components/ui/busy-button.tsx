import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

/**
 * A button whose action takes a moment: while `busy` it says so to assistive technology and shows
 * a spinner in place of its icon. Whether it can be pressed meanwhile is the caller's choice
 * (`disabled`, or `aria-disabled` to keep a keyboard reader's place).
 */
export function BusyButton({
  busy,
  icon = null,
  children,
  ...props
}: ButtonProps & { busy: boolean; icon?: ReactNode }) {
  return (
    <Button aria-busy={busy} {...props}>
      {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : icon}
      {children}
    </Button>
  );
}
