import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, signupRequestSchema } from '@summa/shared';
import { PASSWORD_MIN_LENGTH } from '@summa/shared/auth';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { FormError, useFormErrorFocus } from '../../components/ui/form-error';
import { TextField } from '../../components/ui/text-field';
import { authClient } from '../../lib/auth/auth-client';
import { signupMetadata } from '../../lib/auth/signup-metadata';
import { fieldErrorText, serverFieldError } from '../../lib/form-errors';
import { authErrorMessage, toastAuthError } from './auth-errors';
import { EmailField } from './email-field';
import { TextButton } from './text-button';

export type CredentialsMode = 'login' | 'signup';

interface CredentialsValues {
  full_name: string;
  email: string;
  password: string;
}

/** What the form sends, as its contract reads it: the full name only at sign-up. */
interface Credentials {
  email: string;
  password: string;
  full_name?: string;
}

/** The fields in the order the form shows them: the first one at fault is named and focused. */
const FIELDS = ['full_name', 'email', 'password'] as const;

/** The sign-up and login contracts, checked here as the server checks them. */
const RESOLVERS: Record<CredentialsMode, Resolver<CredentialsValues, unknown, Credentials>> = {
  signup: zodResolver(signupRequestSchema.pick({ full_name: true, email: true, password: true })),
  // The name typed for a sign-up stays in the form while login hides it; login does not check it.
  login: zodResolver(loginRequestSchema.extend({ full_name: z.string() })),
};

const ERROR_ID = 'auth-error';

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
  const { ref: errorRef, focus: focusError } = useFormErrorFocus();
  const [signedIn, setSignedIn] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CredentialsValues, unknown, Credentials>({
    resolver: RESOLVERS[mode],
    // Checked when sent: the inline error stays until the next try.
    reValidateMode: 'onSubmit',
    // The first field at fault in the form's order, not in the order the fields first appeared.
    shouldFocusError: false,
    defaultValues: { full_name: '', email: '', password: '' },
  });
  const [fullName, email, password] = useWatch({ control, name: FIELDS });
  const loading = isSubmitting || signedIn;

  const signup = mode === 'signup';
  useEffect(() => {
    if (focusToken === 0) return;
    clearErrors();
    setFocus(signup ? 'full_name' : 'email');
    // Only a switch of forms moves the focus, not re-renders of the same form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusToken]);

  // A cleared error (the visitor switched forms) also clears the field it pointed at.
  const invalid = (field: (typeof FIELDS)[number]) => error !== null && Boolean(errors[field]);
  const empty = email.trim() === '' || password === '' || (signup && fullName.trim() === '');

  const send = async (credentials: Credentials) => {
    onError(null);
    onSubmitting(true);
    try {
      if (signup) {
        await authClient.signUp(
          { email: credentials.email, password: credentials.password, fullName: credentials.full_name ?? '' },
          signupMetadata(location.pathname),
        );
      } else {
        await authClient.signInWithPassword({ email: credentials.email, password: credentials.password });
      }
      setSignedIn(true);
      onSignedIn(mode);
    } catch (caught) {
      onSubmitting(false);
      const message = authErrorMessage(caught, t);
      toastAuthError(message, t);
      onError(message);
      // An answer about a field (the e-mail is taken) marks it and sends the visitor there.
      const refusal = serverFieldError(caught, { EMAIL_TAKEN: 'email' });
      if (refusal) setError(refusal.field, { type: refusal.code }, { shouldFocus: true });
      else focusError();
    }
  };

  const refuse = (invalidFields: FieldErrors<CredentialsValues>) => {
    const field = FIELDS.find((name) => invalidFields[name]);
    if (!field) return;
    onError(fieldErrorText(t, invalidFields[field]));
    setFocus(field);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (loading || empty) event.preventDefault();
        else void handleSubmit(send, refuse)(event);
      }}
      className="flex flex-col gap-4"
    >
      {signup ? (
        <TextField
          id="auth-full-name"
          label={t('auth.fields.fullName')}
          autoComplete="name"
          invalid={invalid('full_name')}
          errorId={ERROR_ID}
          required
          {...register('full_name')}
        />
      ) : null}
      <EmailField id="auth-email" invalid={invalid('email')} errorId={ERROR_ID} {...register('email')} />
      <div className="flex flex-col gap-1.5">
        <TextField
          id="auth-password"
          type="password"
          label={t('auth.fields.password')}
          autoComplete={signup ? 'new-password' : 'current-password'}
          hint={signup ? t('auth.fields.passwordHint', { min: PASSWORD_MIN_LENGTH }) : undefined}
          invalid={invalid('password')}
          errorId={ERROR_ID}
          required
          {...register('password')}
        />
        {signup ? null : (
          <TextButton onClick={onForgotPassword} className="self-end">
            {t('auth.forgotPassword')}
          </TextButton>
        )}
      </div>
      <FormError id={ERROR_ID} ref={errorRef} message={error} />
      <Button type="submit" size="lg" className="w-full" disabled={loading || empty}>
        {loading ? t('auth.submitting') : t(signup ? 'auth.signup.submit' : 'auth.login.submit')}
      </Button>
    </form>
  );
}
