import { CircleAlert } from 'lucide-react';
import type { ComponentProps, Ref } from 'react';
import { cn } from '../../lib/utils';
import { inputClass, Label } from './input';

/** A field's own error, under it: what the field's aria-describedby points at while it shows. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm text-red-700">
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}

/** The ids a field's aria-describedby lists: its hint, then the error that describes it. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  hint?: string;
  /** The field's own error, shown under it (a translated text). */
  error?: string | null;
  /**
   * For a form that reports its errors in one place (`FormError`): the field is invalid, and
   * `errorId` names the text that says why.
   */
  invalid?: boolean;
  errorId?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input; the label, hint and error are tied to it for assistive technology. Takes
 * React Hook Form's `register(...)` props as they are (name, ref, onChange, onBlur).
 */
export function TextField({
  id,
  label,
  hint,
  error,
  invalid = false,
  errorId,
  className,
  ...props
}: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const ownErrorId = `${id}-error`;
  const isInvalid = Boolean(error) || invalid;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy(hintId, error ? ownErrorId : invalid && errorId)}
        className={cn(inputClass, className)}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={ownErrorId} message={error} />
    </div>
  );
}

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  id: string;
  label: string;
  /** Under the field, right-aligned (a character counter). */
  counter?: string;
  error?: string | null;
  invalid?: boolean;
  errorId?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input, tied to its counter and error as `TextField` is to its hint and error. */
export function TextAreaField({
  id,
  label,
  counter,
  error,
  invalid = false,
  errorId,
  className,
  ...props
}: TextAreaFieldProps) {
  const counterId = counter === undefined ? undefined : `${id}-counter`;
  const ownErrorId = `${id}-error`;
  const isInvalid = Boolean(error) || invalid;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy(counterId, error ? ownErrorId : invalid && errorId)}
        className={cn(inputClass, 'h-auto min-h-36 resize-y py-2', className)}
        {...props}
      />
      {counter === undefined ? null : (
        <p id={counterId} className="self-end text-xs text-stone-600 tabular-nums">
          {counter}
        </p>
      )}
      <FieldError id={ownErrorId} message={error} />
    </div>
  );
}
