import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountRequestSchema } from '@summa/shared';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useLocation } from 'react-router';
import { DialogActions } from '../../../components/ui/action-dialog';
import { Button } from '../../../components/ui/button';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError, useFormErrorFocus } from '../../../components/ui/form-error';
import { CurrentPasswordField } from './current-password-field';
import { authClient } from '../../../lib/auth/auth-client';
import { rememberReturnPath } from '../../../lib/auth/return-target';
import { signupMetadata } from '../../../lib/auth/signup-metadata';
import { serverFieldError } from '../../../lib/form-errors';
import { logWarning } from '../../../lib/logger';
import { deleteAccount } from './account-api';
import { accountErrorCode, accountErrorText } from './account-errors';

/** Where the Google round trip of a re-sign-in comes back to. */
export const ACCOUNT_RETURN_PATH = '/settings#account';

const RESOLVERS = {
  password: zodResolver(deleteAccountRequestSchema.required({ password: true })),
  // No password field: nothing to check, nothing sent.
  google: zodResolver(deleteAccountRequestSchema.extend({ password: z.string() })),
};

interface DeleteAccountFormProps {
  hasPassword: boolean;
  /** The deletion is under way (the dialog cannot be closed meanwhile). */
  onBusy: (busy: boolean) => void;
  /** The account is gone. */
  onDeleted: () => Promise<void>;
}

/**
 * The delete dialog's form: the password, or for an account made with Google a recent Google
 * sign-in (else 403 REAUTH_REQUIRED, and a way to sign in with Google again).
 */
export function DeleteAccountForm({ hasPassword, onBusy, onDeleted }: DeleteAccountFormProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const ids = { password: useId(), error: useId() };
  const { ref: errorRef, focus: focusError } = useFormErrorFocus();
  const [failure, setFailure] = useState<string | null>(null);
  const [reauth, setReauth] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const form = useForm<{ password: string }>({
    resolver: RESOLVERS[hasPassword ? 'password' : 'google'],
    mode: 'onTouched',
    defaultValues: { password: '' },
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;
  const busy = isSubmitting || deleted;

  const remove = async (values: { password: string }) => {
    setFailure(null);
    onBusy(true);
    try {
      await deleteAccount(hasPassword ? values : {});
    } catch (error) {
      onBusy(false);
      if (!hasPassword && accountErrorCode(error) === 'REAUTH_REQUIRED') {
        setReauth(true);
        return;
      }
      const refusal = serverFieldError(error, {
        WRONG_PASSWORD: 'password',
        INVALID_CREDENTIALS: 'password',
      });
      if (hasPassword && refusal) {
        setError(refusal.field, { type: refusal.code }, { shouldFocus: true });
        return;
      }
      logWarning('the account could not be deleted', error);
      setFailure(accountErrorText(error, t));
      focusError();
      return;
    }
    setDeleted(true);
    await onDeleted();
  };

  const googleAgain = () => {
    setLeaving(true);
    rememberReturnPath(ACCOUNT_RETURN_PATH);
    authClient.signInWithGoogle(signupMetadata(location.pathname));
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else void handleSubmit(remove)(event);
      }}
      className="flex flex-col gap-4"
    >
      {hasPassword ? (
        <CurrentPasswordField
          id={ids.password}
          label={t('settings.account.delete.password')}
          form={form}
          name="password"
          readOnly={busy}
        />
      ) : (
        <p className="text-sm text-stone-700">{t('settings.account.delete.google')}</p>
      )}
      {reauth ? (
        <div role="alert" className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm text-amber-950">{t('settings.account.delete.reauth')}</p>
          <Button
            type="button"
            variant="outline"
            disabled={leaving}
            onClick={googleAgain}
            className="self-start"
          >
            {t('settings.account.delete.googleAgain')}
          </Button>
        </div>
      ) : null}
      <FormError id={ids.error} ref={errorRef} message={failure} />
      <DialogActions closeLabel={t('settings.account.delete.cancel')} closeDisabled={busy}>
        <BusyButton
          type="submit"
          variant="destructive"
          aria-disabled={busy}
          busy={busy}
          icon={<Trash2 aria-hidden />}
        >
          {busy ? t('settings.account.delete.deleting') : t('settings.account.delete.confirm')}
        </BusyButton>
      </DialogActions>
    </form>
  );
}
