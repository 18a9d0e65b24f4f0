import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { authClient } from '../../lib/auth/auth-client';
import { PASSWORD_MIN_LENGTH } from '@summa/shared/auth';
import { signupMetadata } from '../../lib/auth/signup-metadata';
import { authErrorMessage, toastAuthError } from './auth-errors';
import { FormError } from './form-error';
import { TextField } from './text-field';

export type CredentialsMode = 'login' | 'signup';
type Field = 'fullName' | 'email' | 'password';

interface FormErrorState {
  message: string;
  field?: Field;
}

const ERROR_ID = 'auth-error';
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface CredentialsFormProps {
  mode: CredentialsMode;
  error: string | null;
  onError: (message: string | null) => void;
  onSignedIn: (mode: CredentialsMode) => void;
  /** Called just before the request goes out, so the page knows the coming session is its own. */
  onSubmitting: (submitting: boolean) => void;
  onForgotPassword: () => void;
  /** Changes each time the visitor switches forms: the first field then takes the focus. */
  focusToken: number;
}

/** Spec §2 and §5: full name (sign-up only), e-mail and password, validated before sending. */
export function CredentialsForm({
  mode,
  error,
  onError,
  onSignedIn,
  onSubmitting,
  onForgotPassword,
  focusToken,
}: CredentialsFormProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [invalidField, setInvalidField] = useState<Field | undefined>();
  const errorRef = useRef<HTMLParagraphElement>(null);
  const fullNameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const signup = mode === 'signup';
  useEffect(() => {
    if (focusToken > 0) (signup ? fullNameRef : emailRef).current?.focus();
    // Only a switch of forms moves the focus, not re-renders of the same form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusToken]);

  // A cleared error (the visitor switched forms) also clears the field it pointed at.
  const activeInvalid = error ? invalidField : undefined;
  const empty = email.trim() === '' || password === '' || (signup && fullName.trim() === '');

  const validate = (): FormErrorState | null => {
    if (signup && fullName.trim() === '') {
      return { message: t('auth.validation.fullNameRequired'), field: 'fullName' };
    }
    if (email.trim() === '') return { message: t('auth.validation.emailRequired'), field: 'email' };
    if (!EMAIL_SHAPE.test(email.trim()))
      return { message: t('auth.validation.emailInvalid'), field: 'email' };
    if (password === '') return { message: t('auth.validation.passwordRequired'), field: 'password' };
    if (password.length < PASSWORD_MIN_LENGTH) {
      return {
        message: t('auth.validation.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
        field: 'password',
      };
    }
    return null;
  };

  const showError = (state: FormErrorState) => {
    onError(state.message);
    setInvalidField(state.field);
    // Wait for the error text to render, then move focus where the problem is.
    requestAnimationFrame(() => {
      const refs = { fullName: fullNameRef, email: emailRef, password: passwordRef };
      (state.field ? refs[state.field] : errorRef).current?.focus();
    });
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading || empty) return;
    const invalid = validate();
    if (invalid) {
      showError(invalid);
      return;
    }
    onError(null);
    setInvalidField(undefined);
    setLoading(true);
    onSubmitting(true);
    try {
      if (signup) {
        await authClient.signUp(
          { email: email.trim(), password, fullName: fullName.trim() },
          signupMetadata(location.pathname),
        );
      } else {
        await authClient.signInWithPassword({ email: email.trim(), password });
      }
      onSignedIn(mode);
    } catch (caught) {
      onSubmitting(false);
      setLoading(false);
      const message = authErrorMessage(caught, t);
      toastAuthError(message, t);
      showError({ message });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {signup ? (
        <TextField
          ref={fullNameRef}
          id="auth-full-name"
          name="full_name"
          label={t('auth.fields.fullName')}
          autoComplete="name"
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
          invalid={activeInvalid === 'fullName'}
          errorId={ERROR_ID}
          required
        />
      ) : null}
      <TextField
        ref={emailRef}
        id="auth-email"
        name="email"
        type="email"
        inputMode="email"
        label={t('auth.fields.email')}
        autoComplete="email"
        spellCheck={false}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        invalid={activeInvalid === 'email'}
        errorId={ERROR_ID}
        required
      />
      <div className="flex flex-col gap-1.5">
        <TextField
          ref={passwordRef}
          id="auth-password"
          name="password"
          type="password"
          label={t('auth.fields.password')}
          autoComplete={signup ? 'new-password' : 'current-password'}
          hint={signup ? t('auth.fields.passwordHint', { min: PASSWORD_MIN_LENGTH }) : undefined}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          invalid={activeInvalid === 'password'}
          errorId={ERROR_ID}
          required
        />
        {signup ? null : (
          <button
            type="button"
            onClick={onForgotPassword}
            className="self-end rounded text-sm font-medium text-brand-700 hover:underline"
          >
            {t('auth.forgotPassword')}
          </button>
        )}
      </div>
      <FormError id={ERROR_ID} ref={errorRef} message={error} />
      <Button type="submit" size="lg" className="w-full" disabled={loading || empty}>
        {loading ? t('auth.submitting') : t(signup ? 'auth.signup.submit' : 'auth.login.submit')}
      </Button>
    </form>
  );
}
