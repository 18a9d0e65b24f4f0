import { zodResolver } from '@hookform/resolvers/zod';
import { resetRequestSchema } from '@summa/shared';
import { PASSWORD_MIN_LENGTH } from '@summa/shared/auth';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { FormError, useFormErrorFocus } from '../../components/ui/form-error';
import { TextField } from '../../components/ui/text-field';
import { authClient } from '../../lib/auth/auth-client';
import { fieldErrorText } from '../../lib/form-errors';
import { authErrorMessage, toastAuthError } from './auth-errors';
import { AuthShell } from './auth-shell';

const ERROR_ID = 'reset-error';

/** The reset contract's new password (the token comes from the link, not from the form). */
const passwordResolver = zodResolver(resetRequestSchema.pick({ password: true }));

/** /auth/reset?token=...: the e-mailed link's page, which sets a new password and signs in. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { ref: errorRef, focus: focusError } = useFormErrorFocus();
  const {
    control,
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({ resolver: passwordResolver, reValidateMode: 'onSubmit', defaultValues: { password: '' } });
  const password = useWatch({ control, name: 'password' });
  const loading = isSubmitting || done;

  const send = async (values: { password: string }) => {
    setError(null);
    try {
      await authClient.resetPassword(token, values.password);
      setDone(true);
      toast.success(t('auth.reset.done'));
      void navigate('/home', { replace: true });
    } catch (caught) {
      const message = authErrorMessage(caught, t);
      toastAuthError(message, t);
      setError(message);
      focusError();
    }
  };

  return (
    <AuthShell title={t('auth.reset.title')} lead={t('auth.reset.lead')}>
      {token ? (
        <form
          noValidate
          onSubmit={(event) => {
            if (loading || password === '') event.preventDefault();
            else void handleSubmit(send, (invalid) => setError(fieldErrorText(t, invalid.password)))(event);
          }}
          className="flex flex-col gap-4"
        >
          <TextField
            id="reset-password"
            type="password"
            label={t('auth.fields.newPassword')}
            autoComplete="new-password"
            hint={t('auth.fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            invalid={error !== null}
            errorId={ERROR_ID}
            required
            {...register('password')}
          />
          <FormError id={ERROR_ID} ref={errorRef} message={error} />
          <Button type="submit" size="lg" className="w-full" disabled={loading || password === ''}>
            {loading ? t('auth.submitting') : t('auth.reset.submit')}
          </Button>
        </form>
      ) : (
        <div className="flex flex-col gap-4">
          <p role="alert" className="text-sm font-medium text-red-700">
            {t('auth.reset.missingToken')}
          </p>
          <Button asChild variant="outline" className="w-full">
            <Link to="/auth?mode=recover">{t('auth.reset.requestNew')}</Link>
          </Button>
        </div>
      )}
    </AuthShell>
  );
}
