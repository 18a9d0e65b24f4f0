import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { authClient } from '../../lib/auth/auth-client';
import { authErrorMessage, toastAuthError } from './auth-errors';
import { FormError } from './form-error';
import { TextField } from './text-field';

const ERROR_ID = 'recover-error';
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface RecoveryFormProps {
  error: string | null;
  onError: (message: string | null) => void;
  onBack: () => void;
  focusToken: number;
}

/** Asks for a reset link; the answer is the same whether or not the e-mail has an account. */
export function RecoveryForm({ error, onError, onBack, focusToken }: RecoveryFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [loading, setLoading] = useState(false);
  const [sent, setSent] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (focusToken > 0) emailRef.current?.focus();
  }, [focusToken]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (loading || address === '') return;
    if (!EMAIL_SHAPE.test(address)) {
      onError(t('auth.validation.emailInvalid'));
      requestAnimationFrame(() => emailRef.current?.focus());
      return;
    }
    onError(null);
    setLoading(true);
    try {
      await authClient.requestPasswordRecovery(address);
      setSent(true);
      requestAnimationFrame(() => sentRef.current?.focus());
    } catch (caught) {
      const message = authErrorMessage(caught, t);
      toastAuthError(message, t);
      onError(message);
      requestAnimationFrame(() => errorRef.current?.focus());
    } finally {
      setLoading(false);
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
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <TextField
            ref={emailRef}
            id="recover-email"
            name="email"
            type="email"
            inputMode="email"
            label={t('auth.fields.email')}
            autoComplete="email"
            spellCheck={false}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            invalid={error !== null}
            errorId={ERROR_ID}
            required
          />
          <FormError id={ERROR_ID} ref={errorRef} message={error} />
          <Button type="submit" size="lg" className="w-full" disabled={loading || email.trim() === ''}>
            {loading ? t('auth.submitting') : t('auth.recover.submit')}
          </Button>
        </form>
      )}
      <button
        type="button"
        onClick={onBack}
        className="self-center rounded text-sm font-medium text-brand-700 hover:underline"
      >
        {t('auth.recover.back')}
      </button>
    </div>
  );
}
