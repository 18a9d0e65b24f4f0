import type { BillingInterval } from '@summa/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api-client';
import { billingConfigQuery, openBillingPortal, startCheckout } from '../../lib/billing-api';
import { leaveApp } from '../../lib/leave-app';
import { logWarning } from '../../lib/logger';

/**
 * Upgrade (Checkout) and Manage subscription (Billing Portal). Without payments configured on the
 * server, upgrading shows the spec's 'Payment integration coming soon!' instead.
 */
export function useBillingActions(onAlreadyPremium: () => void) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState<'upgrade' | 'manage' | null>(null);

  const fail = (error: unknown) => {
    setBusy(null);
    if (error instanceof ApiError && error.code === 'PAYMENTS_NOT_CONFIGURED') {
      toast(t('plans.comingSoon'));
      return;
    }
    if (error instanceof ApiError && error.code === 'ALREADY_PREMIUM') onAlreadyPremium();
    logWarning('billing action failed', error);
    const code = error instanceof ApiError ? error.code : '';
    toast.error(
      code ? t(`errors.${code}`, { defaultValue: t('plans.actionFailed') }) : t('plans.actionFailed'),
    );
  };

  const upgrade = async (interval: BillingInterval) => {
    if (busy) return;
    setBusy('upgrade');
    try {
      const { enabled } = await client.query(billingConfigQuery());
      if (!enabled) {
        setBusy(null);
        toast(t('plans.comingSoon'));
        return;
      }
      const { url } = await startCheckout(interval);
      leaveApp(url);
    } catch (error) {
      fail(error);
    }
  };

  const manage = async () => {
    if (busy) return;
    setBusy('manage');
    try {
      const { url } = await openBillingPortal();
      leaveApp(url);
    } catch (error) {
      // Premium granted by an admin has no Stripe customer, hence nothing to open.
      if (error instanceof ApiError && error.code === 'NOT_FOUND') {
        setBusy(null);
        toast.error(t('plans.noSubscription'));
        return;
      }
      fail(error);
    }
  };

  return { busy, upgrade, manage };
}
