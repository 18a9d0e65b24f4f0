import type { BillingConfigResponse, BillingInterval, BillingRedirectResponse } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from './api-client';
import { queryKeys } from './query-keys';

const api = ENDPOINTS.billing;

/** Whether payments are set up (else upgrading says 'coming soon'). */
export function fetchBillingConfig(signal?: AbortSignal): Promise<BillingConfigResponse> {
  return apiCall(api.config, { signal });
}

/** Whether payments are set up: read before the first upgrade, kept while fresh. */
export function billingConfigQuery() {
  return queryOptions({
    queryKey: queryKeys.billingConfig,
    queryFn: ({ signal }) => fetchBillingConfig(signal),
  });
}

/** Stripe Checkout's address for Premium billed every `interval`. */
export function startCheckout(interval: BillingInterval): Promise<BillingRedirectResponse> {
  return apiCall(api.checkout, { body: { interval } });
}

/** The Billing Portal's address, where a subscriber cancels. */
export function openBillingPortal(): Promise<BillingRedirectResponse> {
  return apiCall(api.portal, {});
}
