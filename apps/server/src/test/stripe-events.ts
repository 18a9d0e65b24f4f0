/**
 * Stripe webhook events for tests: subscription objects in Stripe's shape, events around them,
 * and the Stripe-Signature header signed with the package's own test helper.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { StripeSubscriptionObject } from './fake-stripe-server.js';

export const TEST_STRIPE = {
  secretKey: 'sk_test_summa_fake',
  webhookSecret: 'whsec_summa_test_secret',
  prices: {
    brlMonthly: 'price_brl_monthly',
    brlYearly: 'price_brl_yearly',
    usdMonthly: 'price_usd_monthly',
    usdYearly: 'price_usd_yearly',
  },
} as const;

/** The STRIPE_* variables of a server that talks to the fake at `apiBase`. */
export function stripeEnv(apiBase: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: TEST_STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: TEST_STRIPE.webhookSecret,
    STRIPE_PRICE_BRL_MONTHLY: TEST_STRIPE.prices.brlMonthly,
    STRIPE_PRICE_BRL_YEARLY: TEST_STRIPE.prices.brlYearly,
    STRIPE_PRICE_USD_MONTHLY: TEST_STRIPE.prices.usdMonthly,
    STRIPE_PRICE_USD_YEARLY: TEST_STRIPE.prices.usdYearly,
    STRIPE_API_BASE: apiBase,
  };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

export interface SubscriptionFields {
  id?: string;
  customer: string;
  status?: string;
  price?: string;
  /** Unix seconds. */
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  endedAt?: number | null;
  userId?: string;
}

export function subscriptionObject(fields: SubscriptionFields): StripeSubscriptionObject {
  const periodEnd = fields.periodEnd ?? nowSeconds() + 30 * DAY;
  return {
    id: fields.id ?? `sub_${randomUUID().slice(0, 12)}`,
    object: 'subscription',
    customer: fields.customer,
    status: fields.status ?? 'active',
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    ended_at: fields.endedAt ?? null,
    metadata: fields.userId ? { userId: fields.userId } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${randomUUID().slice(0, 12)}`,
          object: 'subscription_item',
          price: { id: fields.price ?? TEST_STRIPE.prices.brlMonthly, object: 'price' },
          current_period_start: periodEnd - 30 * DAY,
          current_period_end: periodEnd,
        },
      ],
    },
  };
}

export interface StripeEventJson {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: object };
}

/** An event of `type` about `object`; `created` (Unix seconds) orders it among others. */
export function stripeEvent(type: string, object: object, created = nowSeconds()): StripeEventJson {
  return {
    id: `evt_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
    object: 'event',
    type,
    created,
    api_version: '2026-10-28.endive',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

export function checkoutCompleted(
  fields: { customer: string; subscription: string; userId: string },
  created?: number,
): StripeEventJson {
  return stripeEvent(
    'checkout.session.completed',
    {
      id: `cs_test_${randomUUID().slice(0, 12)}`,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      customer: fields.customer,
      subscription: fields.subscription,
      client_reference_id: fields.userId,
      metadata: {},
    },
    created,
  );
}

export function paymentFailed(
  fields: { customer: string; subscription: string },
  created?: number,
): StripeEventJson {
  return stripeEvent(
    'invoice.payment_failed',
    {
      id: `in_${randomUUID().slice(0, 12)}`,
      object: 'invoice',
      customer: fields.customer,
      status: 'open',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: fields.subscription, metadata: {} },
      },
    },
    created,
  );
}

/** The body and headers Stripe would send; `timestamp` (Unix seconds) dates the signature. */
export function signedWebhook(
  event: object,
  options: { secret?: string; timestamp?: number } = {},
): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_STRIPE.webhookSecret,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}
