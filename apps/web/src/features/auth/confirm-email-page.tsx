import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { authClient } from '../../lib/auth/auth-client';
import { useAuth } from '../../lib/auth/use-auth';
import { authErrorMessage } from './auth-errors';
import { AuthShell } from './auth-shell';

type Outcome = { state: 'working' } | { state: 'done' } | { state: 'failed'; message: string };

/** /auth/confirm?token=...: the sign-up's e-mailed link, which proves the reader's address. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { session } = useAuth();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  // A link works once: React's development double effect must not spend it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    authClient.confirmEmail(token).then(
      () => setOutcome({ state: 'done' }),
      (error: unknown) =>
        setOutcome({
          state: 'failed',
          // A spent or expired link is the usual case: say so, not the generic "sign in again".
          message:
            error instanceof ApiError && error.code === 'INVALID_TOKEN'
              ? t('auth.confirm.invalidLink')
              : authErrorMessage(error, t),
        }),
    );
  }, [token, t]);

  const failed = !token || outcome.state === 'failed';
  const next = session ? (
    <Button asChild size="lg" className="w-full">
      {failed ? (
        <Link to="/settings">{t('auth.confirm.requestNew')}</Link>
      ) : (
        <Link to="/home">{t('auth.confirm.goHome')}</Link>
      )}
    </Button>
  ) : (
    <Button asChild size="lg" className="w-full">
      <Link to="/auth?mode=login">{t('auth.confirm.signIn')}</Link>
    </Button>
  );

  let body;
  if (!token) {
    body = (
      <p role="alert" className="text-sm font-medium text-red-700">
        {t('auth.confirm.missingToken')}{' '}
        {session ? t('auth.confirm.resendHint') : t('auth.confirm.expiredHint')}
      </p>
    );
  } else if (outcome.state === 'working') {
    body = (
      <p role="status" className="text-center text-stone-600">
        {t('auth.confirm.working')}
      </p>
    );
  } else if (outcome.state === 'done') {
    body = (
      <p
        role="status"
        className="flex items-center justify-center gap-2 text-center font-medium text-emerald-800"
      >
        <CircleCheck aria-hidden className="size-5 shrink-0" />
        {t('auth.confirm.done')}
      </p>
    );
  } else {
    body = (
      <div role="alert" className="flex flex-col gap-1 text-sm">
        <p className="font-medium text-red-700">{t('auth.confirm.failed')}</p>
        <p className="text-stone-700">{outcome.message}</p>
        <p className="text-stone-700">
          {session ? t('auth.confirm.resendHint') : t('auth.confirm.expiredHint')}
        </p>
      </div>
    );
  }

  return (
    <AuthShell title={t('auth.confirm.title')}>
      <div className="flex flex-col gap-5">
        {body}
        {outcome.state === 'working' && token ? null : next}
      </div>
    </AuthShell>
  );
}
