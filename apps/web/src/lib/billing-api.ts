import {
  billingConfigResponseSchema,
  billingRedirectResponseSchema,
  type BillingConfigResponse,
  type BillingInterval,
  type BillingRedirectResponse,
} from '@summa/shared';
import { apiRequest } from './api-client';

/** `GET /api/billing/config`: whether payments are set up (else upgrading says 'coming soon'). */
export function fetchBillingConfig(signal?: AbortSignal): Promise<BillingConfigResponse> {
  return apiRequest('/api/billing/config', billingConfigResponseSchema, { signal });
}

/** `POST /api/billing/checkout`: Stripe Checkout's address for Premium billed every `interval`. */
export function startCheckout(interval: BillingInterval): Promise<BillingRedirectResponse> {
  return apiRequest('/api/billing/checkout', billingRedirectResponseSchema, {
    method: 'POST',
    body: { interval },
  });
}

/** `POST /api/billing/portal`: the Billing Portal's address, where a subscriber cancels. */
export function openBillingPortal(): Promise<BillingRedirectResponse> {
  return apiRequest('/api/billing/portal', billingRedirectResponseSchema, { method: 'POST' });
}
