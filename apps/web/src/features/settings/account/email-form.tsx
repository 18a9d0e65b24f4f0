import { zodResolver } from '@hookform/resolvers/zod';
import { changeMyEmailRequestSchema, type ChangeMyEmailRequest } from '@summa/shared';
import { MailCheck, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { requiredFieldProps } from '../../../lib/form-fields';
import { changeEmail } from './account-api';
import { AccountCard } from './account-card';
import { CurrentPasswordField } from './current-password-field';
import { useAccountForm } from './use-account-form';

const resolver = zodResolver(changeMyEmailRequestSchema);

interface EmailFormProps {
  /** The account's address now. */
  email: string;
  /** The request needs the password: an account without one sets it first. */
  hasPassword: boolean;
}

/**
 * A new e-mail address, proven by a link mailed to it: the address changes only when the link is
 * opened (on /auth/confirm); meanwhile the reader is told where it went.
 */
export function EmailForm({ email, hasPassword }: EmailFormProps) {
  const { t } = useTranslation();
  const ids = { email: useId(), password: useId(), error: useId() };
  const [pending, setPending] = useState<string | null>(null);
  const { form, failure, errorRef, isSubmitting, onSubmit } = useAccountForm({
    resolver,
    defaultValues: { newEmail: '', password: '' },
    refusals: {
      EMAIL_UNCHANGED: 'newEmail',
      EMAIL_TAKEN: 'newEmail',
      WRONG_PASSWORD: 'password',
      INVALID_CREDENTIALS: 'password',
    },
    failureLog: 'the e-mail change could not be asked for',
    send: (values: ChangeMyEmailRequest) => {
      setPending(null);
      return changeEmail(values);
    },
    onSent: (answer) => setPending(answer.pendingEmail),
  });

  return (
    <AccountCard title={t('settings.account.email.title')} lead={t('settings.account.email.lead', { email })}>
      {hasPassword ? (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <TextField
            id={ids.email}
            type="email"
            label={t('settings.account.email.new')}
            autoComplete="email"
            spellCheck={false}
            {...requiredFieldProps(form, t, 'newEmail')}
          />
          <CurrentPasswordField
            id={ids.password}
            label={t('settings.account.email.password')}
            form={form}
            name="password"
          />
          <FormError id={ids.error} ref={errorRef} message={failure} />
          <SubmitButton busy={isSubmitting} icon={<Send aria-hidden />}>
            {isSubmitting ? t('settings.account.email.sending') : t('settings.account.email.submit')}
          </SubmitButton>
        </form>
      ) : (
        <p className="text-sm text-stone-700">{t('settings.account.email.needsPassword')}</p>
      )}
      <p
        role="status"
        className={
          pending ? 'flex items-start gap-2 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900' : 'sr-only'
        }
      >
        {pending ? (
          <>
            <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span className="break-words">
              {t('settings.account.email.pending', { email: pending, current: email })}
            </span>
          </>
        ) : null}
      </p>
    </AccountCard>
  );
}
