import { zodResolver } from '@hookform/resolvers/zod';
import { changeMyPasswordRequestSchema } from '@summa/shared';
import { PASSWORD_MIN_LENGTH } from '@summa/shared/auth';
import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { toast } from '../../../lib/toast';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { authClient } from '../../../lib/auth/auth-client';
import { requiredFieldProps } from '../../../lib/form-fields';
import { changePassword } from './account-api';
import { AccountCard } from './account-card';
import { CurrentPasswordField } from './current-password-field';
import { useAccountForm } from './use-account-form';

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
  const { form, failure, errorRef, isSubmitting, onSubmit } = useAccountForm({
    resolver: RESOLVERS[hasPassword ? 'change' : 'set'],
    defaultValues: { currentPassword: '', newPassword: '' },
    refusals: hasPassword
      ? { WRONG_PASSWORD: 'currentPassword', INVALID_CREDENTIALS: 'currentPassword' }
      : {},
    failureLog: 'the password could not be changed',
    send: (values: PasswordValues) =>
      changePassword(hasPassword ? values : { newPassword: values.newPassword }),
    onSent: () => {
      toast.success(
        t(hasPassword ? 'settings.account.password.changed' : 'settings.account.password.wasSet'),
      );
      onChanged();
      // The account has a password now: its user says so from here on (best effort).
      void authClient.getUser().catch(() => null);
    },
  });

  return (
    <AccountCard
      title={t(hasPassword ? 'settings.account.password.changeTitle' : 'settings.account.password.setTitle')}
      lead={t(hasPassword ? 'settings.account.password.changeLead' : 'settings.account.password.setLead')}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {/* For password managers: the account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        {hasPassword ? (
          <CurrentPasswordField
            id={ids.current}
            label={t('settings.account.password.current')}
            form={form}
            name="currentPassword"
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
