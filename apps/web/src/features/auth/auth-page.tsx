import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { GOOGLE_ERROR_PARAM } from '@summa/shared/auth';
import { useAuth } from '../../lib/auth/use-auth';
import { rememberReturnPath, RETURN_PARAM, safeReturnPath } from '../../lib/auth/return-target';
import { toastAuthError } from './auth-errors';
import { AuthShell } from './auth-shell';
import { CredentialsForm, type CredentialsMode } from './credentials-form';
import { GoogleButton } from './google-button';
import { RecoveryForm } from './recovery-form';
import { TextButton } from './text-button';

type Mode = CredentialsMode | 'recover';

const HEADINGS = {
  login: 'auth.login.heading',
  signup: 'auth.signup.heading',
  recover: 'auth.recover.heading',
} as const;

/** `?mode=signup` or `?mode=recover` opens that form first; login otherwise. */
function initialMode(value: string | null): Mode {
  return value === 'signup' || value === 'recover' ? value : 'login';
}

/** Spec §2 Auth page: Google, a divider, the form, and a link between login and sign-up. */
export function AuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(() => initialMode(searchParams.get('mode')));
  const [error, setError] = useState<string | null>(null);
  const [focusToken, setFocusToken] = useState(0);
  /** True while this page's own sign-in is under way: its success decides where to go. */
  const signingIn = useRef(false);
  const googleErrorShown = useRef(false);
  const returnPath = safeReturnPath(searchParams.get(RETURN_PARAM));

  // Kept for the trips that leave this page (sign-up via /welcome, Google's round trip).
  // Without one, a stale target from an abandoned visit is forgotten.
  useEffect(() => {
    rememberReturnPath(returnPath);
  }, [returnPath]);

  // Spec §2: a session that exists (or arrives from another tab) goes to /home.
  useEffect(() => {
    if (session && !signingIn.current) void navigate(returnPath ?? '/home', { replace: true });
  }, [session, navigate, returnPath]);

  // Back from a failed Google sign-in (/auth?google_error=CODE).
  useEffect(() => {
    if (!searchParams.has(GOOGLE_ERROR_PARAM) || googleErrorShown.current) return;
    googleErrorShown.current = true;
    const message = t('auth.toast.googleError');
    setError(message);
    toastAuthError(message, t);
    setSearchParams(
      (params) => {
        params.delete(GOOGLE_ERROR_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams, t]);

  const switchTo = (next: Mode) => {
    setMode(next);
    setError(null);
    setFocusToken((token) => token + 1);
  };

  const signedIn = (done: CredentialsMode) => {
    // Spec §4: login goes to / (or the shared link), sign-up to /welcome (which then goes on to it).
    void navigate(done === 'signup' ? '/welcome' : (returnPath ?? '/'), { replace: true });
  };

  return (
    <AuthShell
      title={t('pages.auth.title')}
      lead={t('pages.auth.lead')}
      description={t('pages.auth.description')}
    >
      <section aria-labelledby="auth-form-heading" className="flex flex-col gap-5">
        <h2 id="auth-form-heading" className="text-lg font-semibold text-stone-900">
          {t(HEADINGS[mode])}
        </h2>
        {mode === 'recover' ? (
          <RecoveryForm
            error={error}
            onError={setError}
            onBack={() => switchTo('login')}
            focusToken={focusToken}
          />
        ) : (
          <>
            <GoogleButton />
            <CredentialsForm
              mode={mode}
              error={error}
              onError={setError}
              onSubmitting={(value) => {
                signingIn.current = value;
              }}
              onSignedIn={signedIn}
              onForgotPassword={() => switchTo('recover')}
              focusToken={focusToken}
            />
            <p className="text-center text-sm text-stone-600">
              {t(mode === 'login' ? 'auth.toggle.toSignupPrompt' : 'auth.toggle.toLoginPrompt')}{' '}
              <TextButton
                onClick={() => switchTo(mode === 'login' ? 'signup' : 'login')}
                className="font-semibold"
              >
                {t(mode === 'login' ? 'auth.toggle.toSignup' : 'auth.toggle.toLogin')}
              </TextButton>
            </p>
          </>
        )}
      </section>
    </AuthShell>
  );
}
