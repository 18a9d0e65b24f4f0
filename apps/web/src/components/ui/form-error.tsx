import { useCallback, useRef, type Ref } from 'react';

interface FormErrorProps {
  id: string;
  message: string | null;
  ref?: Ref<HTMLParagraphElement>;
}

/**
 * A form's own error (spec §8: inline red text), announced as it appears. It stays in the page,
 * hidden while empty, so the fields it describes can point at it and focus can be sent to it.
 */
export function FormError({ id, message, ref }: FormErrorProps) {
  return (
    <p
      id={id}
      ref={ref}
      role="alert"
      tabIndex={-1}
      hidden={!message}
      className="text-sm font-medium text-red-700 focus:outline-none"
    >
      {message ?? ''}
    </p>
  );
}

/**
 * Focus for a failed submit that no field is to blame for: `focus()` moves it to the `FormError`
 * holding `ref` once its text has rendered. (A field at fault takes focus itself: React Hook Form
 * focuses the first invalid field, and `setError(..., { shouldFocus: true })` a refused one.)
 */
export function useFormErrorFocus() {
  const ref = useRef<HTMLParagraphElement>(null);
  const focus = useCallback(() => {
    requestAnimationFrame(() => ref.current?.focus());
  }, []);
  return { ref, focus };
}
