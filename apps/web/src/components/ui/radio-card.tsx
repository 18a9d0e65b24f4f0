import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

interface RadioCardProps {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  /** The card's look; the focus ring and the pointer come with it. */
  className?: string;
  children: ReactNode;
}

/**
 * One choice of a radio group drawn as a card or a pill: the radio button itself is visually
 * hidden (arrow keys still move between the choices), its label shows the choice and the focus.
 */
export function RadioCard({ name, value, checked, onChange, className, children }: RadioCardProps) {
  return (
    <label
      className={cn(
        'cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
        className,
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="sr-only"
      />
      {children}
    </label>
  );
}
