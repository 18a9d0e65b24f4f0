import { zodResolver } from '@hookform/resolvers/zod';
import { changeMyEmailRequestSchema, type ChangeMyEmailRequest } from '@summa/shared';
import { MailCheck, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/submit-button';
import { FormError, useFormErrorFocus } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { serverFieldError } from '../../../lib/form-errors';
import { requiredFieldProps } from '../../../lib/form-fields';
import { logWarning } from '../../../lib/logger';
import { changeEmail } from './account-api';
import { accountErrorText } from './account-errors';
import { AccountCard } from './account-card';

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
  const { ref: errorRef, focus: focusError } = useFormErrorFocus();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const form = useForm<ChangeMyEmailRequest>({
    resolver,
    mode: 'onTouched',
    defaultValues: { newEmail: '', password: '' },
  });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = form;

  const send = async (values: ChangeMyEmailRequest) => {
    setFailure(null);
    setPending(null);
    try {
      const answer = await changeEmail(values);
      reset();
      setPending(answer.pendingEmail);
    } catch (error) {
      const refusal = serverFieldError(error, {
        EMAIL_UNCHANGED: 'newEmail',
        EMAIL_TAKEN: 'newEmail',
        WRONG_PASSWORD: 'password',
        INVALID_CREDENTIALS: 'password',
      });
      if (refusal) {
        setError(refusal.field, { type: refusal.code }, { shouldFocus: true });
        return;
      }
      logWarning('the e-mail change could not be asked for', error);
      setFailure(accountErrorText(error, t));
      focusError();
    }
  };

  return (
    <AccountCard title={t('settings.account.email.title')} lead={t('settings.account.email.lead', { email })}>
      {hasPassword ? (
        <form
          noValidate
          onSubmit={(event) => {
            if (isSubmitting) event.preventDefault();
            else void handleSubmit(send)(event);
          }}
          className="flex flex-col gap-4"
        >
          <TextField
            id={ids.email}
            type="email"
            label={t('settings.account.email.new')}
            autoComplete="email"
            spellCheck={false}
            {...requiredFieldProps(form, t, 'newEmail')}
          />
          <TextField
            id={ids.password}
            type="password"
            label={t('settings.account.email.password')}
            autoComplete="current-password"
            {...requiredFieldProps(form, t, 'password')}
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
