import { useQueryClient } from '@tanstack/react-query';
import { CircleSlash, Crown, Hourglass, Loader2, ReceiptText } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CelebrationOverlay } from '../../components/gamification/celebration-overlay';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { authClient } from '../../lib/auth/auth-client';
import { planChanged } from '../../lib/invalidation';
import { logWarning } from '../../lib/logger';
import { usePremiumConfirmation } from './use-premium-confirmation';

/** Stripe's placeholder for the Checkout session's id, when it was never filled in. */
const UNFILLED_SESSION_ID = '{CHECKOUT_SESSION_ID}';

/** The ways on from a page that has nothing (more) to wait for. */
function WaysOn({ plans }: { plans: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mt-2 flex flex-col gap-2 sm:flex-row">
      {plans ? (
        <Button asChild>
          <Link to="/plans">{t('plans.welcome.goPlans')}</Link>
        </Button>
      ) : null}
      <Button asChild variant={plans ? 'outline' : 'primary'}>
        <Link to="/home">{t('plans.welcome.goHome')}</Link>
      </Button>
    </div>
  );
}

/**
 * Stripe Checkout returns here (?session_id=...). The payment counts only once the server says so
 * (its webhook), so the page waits for that, then celebrates; a slow webhook gets a clear note.
 * With payments off on this server, or no Checkout session in the address, there is nothing to
 * wait for, and the page says so at once with a way on (issue 23).
 */
export function PremiumWelcomePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [celebrating, setCelebrating] = useState(false);
  const onConfirmed = useCallback(() => {
    setCelebrating(true);
    // The header's badge follows the polled /api/me; the usage and history follow the plan, and
    // the session's user carries the plan too.
    planChanged(client);
    authClient.getUser().catch((error: unknown) => logWarning('session user not refreshed', error));
  }, [client]);
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const checkoutSessionId = sessionId && sessionId !== UNFILLED_SESSION_ID ? sessionId : null;
  const { status, retry } = usePremiumConfirmation(onConfirmed, checkoutSessionId);

  return (
    <Page title={t('pages.premiumWelcome.title')}>
      <section
        className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-stone-200 bg-white px-6 py-10 text-center shadow-xs"
        data-testid={`premium-welcome-${status}`}
        aria-live="polite"
      >
        {status === 'checking' ? (
          <>
            <Loader2 aria-hidden className="size-10 animate-spin text-brand-700 motion-reduce:animate-none" />
            <h2 className="text-xl font-bold text-stone-900">{t('plans.welcome.checking')}</h2>
          </>
        ) : status === 'confirming' ? (
          <>
            <Loader2 aria-hidden className="size-10 animate-spin text-brand-700 motion-reduce:animate-none" />
            <h2 className="text-xl font-bold text-stone-900">{t('plans.welcome.confirming')}</h2>
            <p className="text-stone-600">{t('plans.welcome.confirmingBody')}</p>
          </>
        ) : status === 'confirmed' ? (
          <>
            <span className="flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-600 ring-4 ring-amber-50">
              <Crown aria-hidden className="size-8" />
            </span>
            <h2 className="text-xl font-bold text-stone-900">{t('pages.premiumWelcome.lead')}</h2>
            <p className="text-stone-600">{t('plans.welcome.confirmedBody')}</p>
            <WaysOn plans={false} />
          </>
        ) : status === 'payments-off' ? (
          <>
            <CircleSlash aria-hidden className="size-10 text-stone-500" />
            <h2 className="text-xl font-bold text-stone-900">{t('plans.welcome.paymentsOffTitle')}</h2>
            <p className="text-stone-600">{t('plans.welcome.paymentsOffBody')}</p>
            <WaysOn plans />
          </>
        ) : status === 'no-checkout' ? (
          <>
            <ReceiptText aria-hidden className="size-10 text-stone-500" />
            <h2 className="text-xl font-bold text-stone-900">{t('plans.welcome.noCheckoutTitle')}</h2>
            <p className="text-stone-600">{t('plans.welcome.noCheckoutBody')}</p>
            <WaysOn plans />
          </>
        ) : (
          <>
            <Hourglass aria-hidden className="size-10 text-amber-600" />
            <h2 className="text-xl font-bold text-stone-900">{t('plans.welcome.timeoutTitle')}</h2>
            <p className="text-stone-600">{t('plans.welcome.timeoutBody')}</p>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row">
              <Button type="button" onClick={retry}>
                {t('plans.welcome.retry')}
              </Button>
              <Button asChild variant="outline">
                <Link to="/plans">{t('plans.welcome.goPlans')}</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/home">{t('plans.welcome.goHome')}</Link>
              </Button>
            </div>
          </>
        )}
      </section>
      <CelebrationOverlay
        show={celebrating}
        title={t('pages.premiumWelcome.title')}
        description={t('pages.premiumWelcome.lead')}
        icon={Crown}
        onComplete={() => setCelebrating(false)}
      />
    </Page>
  );
}
