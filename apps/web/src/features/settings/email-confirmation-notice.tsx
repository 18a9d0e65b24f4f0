import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailWarning } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { authClient } from '../../lib/auth/auth-client';
import { useAuth } from '../../lib/auth/use-auth';

/** Until the reader opens the sign-up's link: what to do, and a new link on request. */
export function EmailConfirmationNotice() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [sending, setSending] = useState(false);
  if (!user || user.email_confirmed) return null;

  const resend = async () => {
    setSending(true);
    try {
      await authClient.resendConfirmation();
      toast.success(t('auth.confirm.resent'));
    } catch (error) {
      toast.error(error instanceof ApiError && error.message ? error.message : t('auth.toast.tryLater'));
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      aria-labelledby="email-confirmation-notice"
      className="mb-6 flex max-w-2xl flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center"
    >
      <MailWarning aria-hidden className="size-6 shrink-0 text-amber-700" />
      <p id="email-confirmation-notice" className="flex-1 text-sm text-amber-950">
        {t('auth.confirm.notice', { email: user.email })}
      </p>
      <Button variant="outline" size="sm" disabled={sending} onClick={() => void resend()}>
        {sending ? t('auth.submitting') : t('auth.confirm.resend')}
      </Button>
    </section>
  );
}
