import type { BillingInterval, PremiumCurrency, SubscriptionStatus } from '@summa/shared';

/** STRIPE_* settings (config/env.ts); payments are off when these are absent. */
export interface PaymentsSettings {
  secretKey: string;
  webhookSecret: string;
  /** Stripe price ids of Premium per currency and interval. */
  prices: Record<PremiumCurrency, Record<BillingInterval, string>>;
  /** Another Stripe API origin (tests: a local fake); undefined: Stripe's own. */
  apiBase: string | undefined;
}

/** A subscription as this app keeps it, whoever sent it (an event or a retrieve). */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  /** The price of its first item; null when it has none. */
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** When it ended (deleted subscriptions). */
  endedAt: Date | null;
  /** The reader the checkout was made for (subscription metadata), when present. */
  userId: string | null;
}

interface EventBase {
  id: string;
  /** When Stripe created the event: orders deliveries that arrive out of order. */
  created: Date;
}

/** A verified webhook event, reduced to what billing reads. */
export type PaymentEvent = EventBase &
  (
    | {
        type: 'checkout.session.completed';
        customerId: string | null;
        subscriptionId: string | null;
        /** `client_reference_id`: the reader who started the checkout. */
        userId: string | null;
      }
    | {
        type:
          'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted';
        subscription: SubscriptionSnapshot;
      }
    | { type: 'invoice.payment_failed'; customerId: string | null; subscriptionId: string | null }
    | { type: 'ignored'; name: string }
  );

/** A webhook refused as it stands: its signature or timestamp does not verify, or it is malformed. */
export class WebhookRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRejectedError';
  }
}

/** The locales Stripe's pages are shown in, one per interface language. */
export type PaymentsLocale = 'pt-BR' | 'en' | 'es-419';

/** The payment provider (Stripe) as billing uses it. */
export interface PaymentsProvider {
  /** Creates the reader's customer; answers its id. */
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  /** A subscription Checkout Session; answers the page's URL. */
  createCheckoutSession(input: {
    customerId: string;
    priceId: string;
    userId: string;
    locale: PaymentsLocale;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string>;
  /** A Billing Portal session; answers the page's URL. */
  createPortalSession(input: {
    customerId: string;
    returnUrl: string;
    locale: PaymentsLocale;
  }): Promise<string>;
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot>;
  /** Ends the subscription now (no further charge); one Stripe no longer knows is taken as ended. */
  cancelSubscription(id: string): Promise<void>;
  /** Verifies the signature (and its age) of a webhook body; throws WebhookRejectedError. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}
