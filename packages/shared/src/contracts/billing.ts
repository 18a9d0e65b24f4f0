import { z } from 'zod';
import { BILLING_INTERVALS, PLAN_TYPES } from '../plans.js';
import { text } from './text.js';

/** A Stripe subscription's status, as Stripe names it. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** `GET /api/billing/config`: whether payments are configured (else the web shows 'coming soon'). */
export const billingConfigResponseSchema = z
  .object({ enabled: z.boolean() })
  .meta({ id: 'BillingConfigResponse' });
export type BillingConfigResponse = z.infer<typeof billingConfigResponseSchema>;

/**
 * `POST /api/billing/checkout`: the interval only; the price follows the reader's language on the
 * server. Any other field (a forged plan, premium or role) is dropped.
 */
export const checkoutRequestSchema = z
  .object({ interval: z.enum(BILLING_INTERVALS) })
  .meta({ id: 'CheckoutRequest' });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Where to send the browser: Stripe's Checkout or Billing Portal page. */
export const billingRedirectResponseSchema = z
  .object({ url: text().max(4000) })
  .meta({ id: 'BillingRedirectResponse' });
export type BillingRedirectResponse = z.infer<typeof billingRedirectResponseSchema>;

/** `GET /api/billing/subscription`: the reader's plan and where their subscription stands. */
export const billingSubscriptionSchema = z
  .object({
    plan: z.enum(PLAN_TYPES),
    /** Null when the reader never subscribed through Stripe. */
    status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
    interval: z.enum(BILLING_INTERVALS).nullable(),
    /** ISO 8601: when the paid period ends (renewal, or the end of Premium when cancelled). */
    currentPeriodEnd: text().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    /** Premium granted by an admin (not billed). */
    granted: z.boolean(),
    /** Whether the Billing Portal can be opened (the reader is a Stripe customer). */
    canManage: z.boolean(),
  })
  .meta({ id: 'BillingSubscription' });
export type BillingSubscription = z.infer<typeof billingSubscriptionSchema>;

/** `POST /api/billing/webhook` answer once an event is taken (or was taken before). */
export const webhookResponseSchema = z
  .object({ received: z.literal(true), duplicate: z.boolean() })
  .meta({ id: 'WebhookResponse' });

/** `GET /api/admin/users?email=`: an exact e-mail, any case. */
export const adminUsersQuerySchema = z.object({ email: text().trim().min(3).max(320) });
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserParamsSchema = z.object({ id: text().max(100) });

/** An account as the admin screen shows it: who, the plan, the subscription and any grant. */
export const adminUserSchema = z
  .object({
    id: z.uuid(),
    email: text(),
    fullName: text(),
    /** Whether the address is proven; Premium cannot be granted to an unproven one. */
    emailConfirmed: z.boolean(),
    plan: z.enum(PLAN_TYPES),
    subscription: z
      .object({
        status: z.enum(SUBSCRIPTION_STATUSES),
        currentPeriodEnd: text().nullable(),
        cancelAtPeriodEnd: z.boolean(),
      })
      .nullable(),
    /** The active admin grant: when and by whom (null when the granting account is gone). */
    grant: z.object({ grantedAt: text(), grantedBy: text().nullable() }).nullable(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserSearchResponseSchema = z
  .object({ user: adminUserSchema.nullable() })
  .meta({ id: 'AdminUserSearchResponse' });
export type AdminUserSearchResponse = z.infer<typeof adminUserSearchResponseSchema>;

export const adminUserResponseSchema = z.object({ user: adminUserSchema }).meta({ id: 'AdminUserResponse' });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;
