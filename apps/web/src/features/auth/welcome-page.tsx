import type { Session } from '@summa/shared';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { authClient } from '../../lib/auth/auth-client';
import { GOOGLE_CODE_PARAM, GOOGLE_ERROR_PARAM } from '@summa/shared/auth';
import { useAuth } from '../../lib/auth/use-auth';
import { takeReturnPath } from '../../lib/auth/return-target';

/** Spec §9: the welcome page moves on after 5 seconds. */
const REDIRECT_SECONDS = 5;

/** One exchange per one-time code, even when an effect runs twice. */
const exchanges = new Map<string, Promise<Session>>();

function exchangeOnce(code: string): Promise<Session> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = authClient.exchangeGoogleCode(code);
    exchanges.set(code, exchange);
  }
  return exchange;
}

function googleCodeIn(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get(GOOGLE_CODE_PARAM);
}

/** What the countdown says depends on where it leads: home, a shared summary, or elsewhere. */
function countdownTexts(target: string) {
  if (target === '/home')
    return { countdown: 'auth.welcome.countdown', goNow: 'auth.welcome.goNow' } as const;
  if (target.startsWith('/summary/'))
    return { countdown: 'auth.welcome.countdownSummary', goNow: 'auth.welcome.goNowSummary' } as const;
  return { countdown: 'auth.welcome.countdownOther', goNow: 'auth.welcome.goNowOther' } as const;
}

function Countdown() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  // A shared link opened before sign-up (or before Google) is where the reader goes on to.
  const [target] = useState(() => takeReturnPath() ?? '/home');
  const texts = countdownTexts(target);

  useEffect(() => {
    const timer = setInterval(() => setSeconds((left) => Math.max(0, left - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (seconds === 0) void navigate(target, { replace: true });
  }, [seconds, navigate, target]);

  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-stone-700" aria-live="polite" aria-atomic>
        {t(texts.countdown, { seconds })}
      </p>
      <Button asChild size="lg">
        <Link to={target} replace>
          {t(texts.goNow)}
        </Link>
      </Button>
    </div>
  );
}

/** Spec §2 Welcome page: shown after sign-up and after the return from Google. */
export function WelcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { session } = useAuth();
  const code = googleCodeIn(location.hash);

  useEffect(() => {
    if (!code) return;
    let current = true;
    exchangeOnce(code).then(
      () => {
        // The code is spent: take it out of the address bar and the history.
        if (current)
          void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
      },
      () => {
        if (current) void navigate(`/auth?${GOOGLE_ERROR_PARAM}=GOOGLE_SIGN_IN_FAILED`, { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [code, navigate, location.pathname, location.search]);

  // Signed out meanwhile (in another tab, say) with no Google code to finish: back to /auth.
  useEffect(() => {
    if (!session && !code) void navigate('/auth', { replace: true });
  }, [session, code, navigate]);

  const ready = session !== null && !code;
  return (
    <Page title={t('pages.welcome.title')} lead={t('pages.welcome.lead')}>
      {ready ? (
        <Countdown />
      ) : (
        <p className="flex items-center gap-2 text-stone-600" role="status">
          <LoaderCircle className="size-5 animate-spin text-brand-600" aria-hidden />
          {t('auth.welcome.finishingGoogle')}
        </p>
      )}
    </Page>
  );
}
