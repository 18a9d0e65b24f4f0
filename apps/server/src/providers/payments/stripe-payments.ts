import Stripe from 'stripe';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@summa/shared';
import {
  WebhookRejectedError,
  type PaymentEvent,
  type PaymentsProvider,
  type PaymentsSettings,
  type SubscriptionSnapshot,
} from './payments-provider.js';

/** How old a signed webhook may be (Stripe's own default tolerance, 300 s). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const TIMEOUT_MS = 10_000;

const seconds = (value: number | null | undefined): Date | null =>
  typeof value === 'number' ? new Date(value * 1000) : null;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

const knownStatus = (status: string): SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
    ? (status as SubscriptionStatus)
    : 'incomplete';

/** A Stripe subscription as billing keeps it; its period lives on its items in current API versions. */
export function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const [item] = subscription.items.data;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: knownStatus(subscription.status),
    priceId: item?.price.id ?? null,
    currentPeriodEnd: seconds(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    endedAt: seconds(subscription.ended_at),
    userId: subscription.metadata.userId ?? null,
  };
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** The event as billing reads it; types billing does not handle come back as `ignored`. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, created: new Date(event.created * 1000) };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return {
        ...base,
        type: event.type,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        userId: session.client_reference_id,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, type: event.type, subscription: snapshotOf(event.data.object) };
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        ...base,
        type: event.type,
        customerId: idOf(invoice.customer),
        subscriptionId: invoiceSubscriptionId(invoice),
      };
    }
    default:
      return { ...base, type: 'ignored', name: event.type };
  }
}

/** Stripe through its official SDK; `apiBase` points it at another origin (a local fake in tests). */
export function createStripePayments(settings: PaymentsSettings): PaymentsProvider {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    timeout: TIMEOUT_MS,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  return {
    async createCustomer({ userId, email, name }) {
      const customer = await stripe.customers.create(
        { email, name, metadata: { userId } },
        // One customer per reader even when two checkouts race: Stripe answers the same one.
        { idempotencyKey: `summa-customer-${userId}` },
      );
      return customer.id;
    },
    async createCheckoutSession({ customerId, priceId, userId, locale, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: userId,
        line_items: [{ price: priceId, quantity: 1 }],
        subscription_data: { metadata: { userId } },
        locale,
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return session.url;
    },
    async createPortalSession({ customerId, returnUrl, locale }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        locale,
      });
      return session.url;
    },
    async retrieveSubscription(id) {
      return snapshotOf(await stripe.subscriptions.retrieve(id));
    },
    async cancelSubscription(id) {
      try {
        await stripe.subscriptions.cancel(id);
      } catch (error) {
        // Deleted on Stripe's side (its dashboard): nothing is left to charge.
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return;
        throw error;
      }
    },
    verifyEvent(rawBody, signature) {
      if (!signature) throw new WebhookRejectedError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        // A bad signature, an old timestamp, or a signed body that is not JSON.
        throw new WebhookRejectedError(error instanceof Error ? error.message : String(error));
      }
      try {
        return paymentEventOf(event);
      } catch (error) {
        throw new WebhookRejectedError(`malformed ${event.type} event: ${String(error)}`);
      }
    },
  };
}
