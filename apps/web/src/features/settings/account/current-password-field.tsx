import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import { requiredFieldProps } from '../../../lib/form-fields';

interface CurrentPasswordFieldProps<Values extends FieldValues> {
  id: string;
  label: string;
  form: Pick<UseFormReturn<Values>, 'register' | 'formState' | 'getFieldState'>;
  name: Path<Values>;
  readOnly?: boolean;
}

/** The account's password, typed again to allow a change (e-mail, password, deletion). */
export function CurrentPasswordField<Values extends FieldValues>({
  id,
  label,
  form,
  name,
  readOnly,
}: CurrentPasswordFieldProps<Values>) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      type="password"
      label={label}
      autoComplete="current-password"
      {...requiredFieldProps(form, t, name, readOnly === undefined ? {} : { readOnly })}
    />
  );
}
