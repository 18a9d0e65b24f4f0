import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { fieldErrorText } from './form-errors';

/**
 * A required TextField's share of its form: the registration, the field's error in the reader's
 * language, and read-only while the form is being sent (focus stays where it was).
 */
export function requiredFieldProps<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'register' | 'formState' | 'getFieldState'>,
  t: TFunction,
  name: Path<Values>,
  options: { readOnly?: boolean } = {},
) {
  return {
    ...form.register(name),
    error: fieldErrorText(t, form.getFieldState(name, form.formState).error),
    readOnly: options.readOnly ?? form.formState.isSubmitting,
    required: true,
  };
}
