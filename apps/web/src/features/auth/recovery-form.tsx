import { zodResolver } from '@hookform/resolvers/zod';
import { recoverRequestSchema, type RecoverRequest } from '@summa/shared';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { FormError, useFormErrorFocus } from '../../components/ui/form-error';
import { authClient } from '../../lib/auth/auth-client';
import { fieldErrorText } from '../../lib/form-errors';
import { authErrorMessage, toastAuthError } from './auth-errors';
import { EmailField } from './email-field';
import { TextButton } from './text-button';

const ERROR_ID = 'recover-error';

interface RecoveryFormProps {
  error: string | null;
  onError: (message: string | null) => void;
  onBack: () => void;
  focusToken: number;
}

/** Asks for a reset link; the answer is the same whether or not the e-mail has an account. */
export function RecoveryForm({ error, onError, onBack, focusToken }: RecoveryFormProps) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const { ref: errorRef, focus: focusError } = useFormErrorFocus();
  const sentRef = useRef<HTMLParagraphElement>(null);
  const {
    control,
    register,
    handleSubmit,
    setFocus,
    formState: { isSubmitting },
  } = useForm<RecoverRequest, unknown, RecoverRequest>({
    resolver: zodResolver(recoverRequestSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { email: '' },
  });
  const email = useWatch({ control, name: 'email' });

  useEffect(() => {
    if (focusToken > 0) setFocus('email');
  }, [focusToken, setFocus]);

  const send = async ({ email: address }: RecoverRequest) => {
    onError(null);
    try {
      await authClient.requestPasswordRecovery(address);
      setSent(true);
      requestAnimationFrame(() => sentRef.current?.focus());
    } catch (caught) {
      const message = authErrorMessage(caught, t);
      toastAuthError(message, t);
      onError(message);
      focusError();
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-600">{t('auth.recover.lead')}</p>
      {sent ? (
        <p
          ref={sentRef}
          tabIndex={-1}
          role="status"
          className="rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900 focus:outline-none"
        >
          {t('auth.recover.sent')}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            if (isSubmitting || email.trim() === '') event.preventDefault();
            else void handleSubmit(send, (invalid) => onError(fieldErrorText(t, invalid.email)))(event);
          }}
          className="flex flex-col gap-4"
        >
          <EmailField id="recover-email" invalid={error !== null} errorId={ERROR_ID} {...register('email')} />
          <FormError id={ERROR_ID} ref={errorRef} message={error} />
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || email.trim() === ''}>
            {isSubmitting ? t('auth.submitting') : t('auth.recover.submit')}
          </Button>
        </form>
      )}
      <TextButton onClick={onBack} className="self-center">
        {t('auth.recover.back')}
      </TextButton>
    </div>
  );
}
