import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/ui/text-field';

type EmailFieldProps = Omit<
  ComponentProps<typeof TextField>,
  'type' | 'inputMode' | 'label' | 'autoComplete' | 'spellCheck'
>;

/** The account's e-mail address, as the sign-in, sign-up and recovery forms ask for it. */
export function EmailField(props: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      type="email"
      inputMode="email"
      label={t('auth.fields.email')}
      autoComplete="email"
      spellCheck={false}
      required
      {...props}
    />
  );
}
