import { zodResolver } from '@hookform/resolvers/zod';
import { changeMyPasswordRequestSchema } from '@summa/shared';
import { PASSWORD_MIN_LENGTH } from '@summa/shared/auth';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { toast } from '../../../lib/toast';
import { SubmitButton } from '../../../components/ui/submit-button';
import { FormError, useFormErrorFocus } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { authClient } from '../../../lib/auth/auth-client';
import { serverFieldError } from '../../../lib/form-errors';
import { requiredFieldProps } from '../../../lib/form-fields';
import { logWarning } from '../../../lib/logger';
import { changePassword } from './account-api';
import { accountErrorText } from './account-errors';
import { AccountCard } from './account-card';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
}

/**
 * The contract as this account needs it: the current password when it has one; else the field is
 * not shown, left unchecked and not sent.
 */
const RESOLVERS = {
  change: zodResolver(changeMyPasswordRequestSchema.required({ currentPassword: true })),
  set: zodResolver(changeMyPasswordRequestSchema.extend({ currentPassword: z.string() })),
};

interface PasswordFormProps {
  /** The account has a password (else it was made with Google and sets its first one). */
  hasPassword: boolean;
  email: string;
  /** The password was changed or set: the other devices were signed out. */
  onChanged: () => void;
}

/** Change the password, or set a first one on an account made with Google. */
export function PasswordForm({ hasPassword, email, onChanged }: PasswordFormProps) {
  const { t } = useTranslation();
  const ids = { current: useId(), next: useId(), error: useId() };
  const { ref: errorRef, focus: focusError } = useFormErrorFocus();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    resolver: RESOLVERS[hasPassword ? 'change' : 'set'],
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = form;

  const save = async (values: PasswordValues) => {
    setFailure(null);
    try {
      await changePassword(hasPassword ? values : { newPassword: values.newPassword });
    } catch (error) {
      const refusal = hasPassword
        ? serverFieldError(error, {
            WRONG_PASSWORD: 'currentPassword',
            INVALID_CREDENTIALS: 'currentPassword',
          })
        : null;
      if (refusal) {
        setError(refusal.field, { type: refusal.code }, { shouldFocus: true });
        return;
      }
      logWarning('the password could not be changed', error);
      setFailure(accountErrorText(error, t));
      focusError();
      return;
    }
    reset();
    toast.success(t(hasPassword ? 'settings.account.password.changed' : 'settings.account.password.wasSet'));
    onChanged();
    // The account has a password now: its user says so from here on (best effort).
    void authClient.getUser().catch(() => null);
  };

  return (
    <AccountCard
      title={t(hasPassword ? 'settings.account.password.changeTitle' : 'settings.account.password.setTitle')}
      lead={t(hasPassword ? 'settings.account.password.changeLead' : 'settings.account.password.setLead')}
    >
      <form
        noValidate
        onSubmit={(event) => {
          // The button stays focusable while saving (focus stays on it); a second press does nothing.
          if (isSubmitting) event.preventDefault();
          else void handleSubmit(save)(event);
        }}
        className="flex flex-col gap-4"
      >
        {/* For password managers: the account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        {hasPassword ? (
          <TextField
            id={ids.current}
            type="password"
            label={t('settings.account.password.current')}
            autoComplete="current-password"
            {...requiredFieldProps(form, t, 'currentPassword')}
          />
        ) : null}
        <TextField
          id={ids.next}
          type="password"
          label={t('settings.account.password.new')}
          hint={t('settings.account.password.hint', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          {...requiredFieldProps(form, t, 'newPassword')}
        />
        <FormError id={ids.error} ref={errorRef} message={failure} />
        <SubmitButton busy={isSubmitting} icon={<KeyRound aria-hidden />}>
          {isSubmitting
            ? t('settings.account.password.saving')
            : t(hasPassword ? 'settings.account.password.change' : 'settings.account.password.set')}
        </SubmitButton>
      </form>
    </AccountCard>
  );
}
