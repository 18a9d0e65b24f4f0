import { BellOff, BellRing } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { logWarning } from '../../../lib/logger';
import { subscribeBrowser, unsubscribeBrowser } from './reminders-api';

type PushState =
  | { kind: 'checking' }
  | { kind: 'email-only' }
  | { kind: 'denied' }
  | { kind: 'off'; registration: ServiceWorkerRegistration }
  | { kind: 'on'; registration: ServiceWorkerRegistration; subscription: PushSubscription };

/** Where this browser stands: push needs a registered service worker and the Push API. */
async function browserPushState(): Promise<PushState> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return { kind: 'email-only' };
  }
  // `ready` never settles without a registration: look first.
  if (!(await navigator.serviceWorker.getRegistration())) return { kind: 'email-only' };
  const registration = await navigator.serviceWorker.ready;
  if (Notification.permission === 'denied') return { kind: 'denied' };
  const subscription = await registration.pushManager.getSubscription();
  return subscription ? { kind: 'on', registration, subscription } : { kind: 'off', registration };
}

/**
 * The reminder as a notification in this browser too, when it can have one (a service worker is
 * registered); otherwise the section says the reminder comes by e-mail only.
 */
export function PushOption({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const errorId = useId();

  // Looked up again after each change (`checks` counts them).
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    let live = true;
    void browserPushState()
      .catch((error: unknown): PushState => {
        logWarning('push state unknown', error);
        return { kind: 'email-only' };
      })
      .then((next) => {
        if (live) setState(next);
      });
    return () => {
      live = false;
    };
  }, [checks]);

  const change = async () => {
    if (state.kind !== 'on' && state.kind !== 'off') return;
    setBusy(true);
    setFailed(false);
    try {
      if (state.kind === 'on') await unsubscribeBrowser(state.subscription);
      else await subscribeBrowser(state.registration);
      onChanged();
    } catch (error) {
      logWarning('push subscription not changed', error);
      setFailed(true);
    } finally {
      setBusy(false);
      setChecks((count) => count + 1);
    }
  };

  if (state.kind === 'checking') return null;
  if (state.kind === 'email-only' || state.kind === 'denied') {
    return (
      <p className="text-sm text-stone-600" data-testid="reminder-channel">
        {t(state.kind === 'denied' ? 'settings.reminders.pushDenied' : 'settings.reminders.emailOnly')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2" data-testid="reminder-channel">
      <p className="text-sm text-stone-600">
        {t(state.kind === 'on' ? 'settings.reminders.pushOn' : 'settings.reminders.channelEmail')}
      </p>
      <Button
        type="button"
        variant="outline"
        className="w-full sm:w-auto sm:self-start"
        aria-busy={busy}
        aria-disabled={busy}
        onClick={() => void (busy ? undefined : change())}
      >
        {state.kind === 'on' ? <BellOff aria-hidden /> : <BellRing aria-hidden />}
        {busy
          ? t('settings.reminders.pushWorking')
          : t(state.kind === 'on' ? 'settings.reminders.pushDisable' : 'settings.reminders.pushEnable')}
      </Button>
      <FormError id={errorId} message={failed ? t('settings.reminders.pushFailed') : null} />
    </div>
  );
}
