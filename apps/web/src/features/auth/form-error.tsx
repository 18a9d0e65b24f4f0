import type { Ref } from 'react';

interface FormErrorProps {
  id: string;
  message: string | null;
  ref?: Ref<HTMLParagraphElement>;
}

/** Spec §8: auth errors appear as inline red text, announced as they appear. */
export function FormError({ id, message, ref }: FormErrorProps) {
  return (
    <p
      id={id}
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="min-h-0 text-sm font-medium text-red-700 empty:hidden focus:outline-none"
    >
      {message ?? ''}
    </p>
  );
}
