import { useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { authClient } from '../../lib/auth/auth-client';
import { PASSWORD_MIN_LENGTH } from '@summa/shared/auth';
import { authErrorMessage, toastAuthError } from './auth-errors';
import { AuthShell } from './auth-shell';
import { FormError } from './form-error';
import { TextField } from './text-field';

const ERROR_ID = 'reset-error';

/** /auth/reset?token=...: the e-mailed link's page, which sets a new password and signs in. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading || password === '') return;
    if (password.length < PASSWORD_MIN_LENGTH) {
      setError(t('auth.validation.passwordTooShort', { min: PASSWORD_MIN_LENGTH }));
      requestAnimationFrame(() => passwordRef.current?.focus());
      return;
    }
    setError(null);
    setLoading(true);
    try {
      await authClient.resetPassword(token, password);
      toast.success(t('auth.reset.done'));
      void navigate('/home', { replace: true });
    } catch (caught) {
      setLoading(false);
      const message = authErrorMessage(caught, t);
      toastAuthError(message, t);
      setError(message);
      requestAnimationFrame(() => errorRef.current?.focus());
    }
  };

  return (
    <AuthShell title={t('auth.reset.title')} lead={t('auth.reset.lead')}>
      {token ? (
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <TextField
            ref={passwordRef}
            id="reset-password"
            name="password"
            type="password"
            label={t('auth.fields.newPassword')}
            autoComplete="new-password"
            hint={t('auth.fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            invalid={error !== null}
            errorId={ERROR_ID}
            required
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
