import type { PlanType, SubscriptionStatus } from '@summa/shared';
import type { SubscriptionSnapshot } from '../../providers/payments/payments-provider.js';
import type { SubscriptionRow, SubscriptionUpdate } from './billing.repository.js';

/** Statuses in which Stripe still counts the subscription as running (Premium, past_due included). */
const RUNNING: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

export const isRunning = (status: SubscriptionStatus | null): boolean =>
  status !== null && RUNNING.includes(status);

/**
 * What a subscription state seen at `eventAt` (when Stripe created its event) does to the reader's
 * row, or undefined when it changes nothing. Deliveries come in any order and more than once:
 * - an event older than the last one applied is stale;
 * - a canceled subscription stays canceled (Stripe never revives one);
 * - the end of another subscription than the running one does not end it.
 * `deleted` marks a subscription that Stripe deleted: Premium ends when it ended, whatever period
 * was left.
 */
export function nextSubscriptionState(
  row: SubscriptionRow,
  snapshot: SubscriptionSnapshot,
  eventAt: Date,
  deleted = false,
): SubscriptionUpdate | undefined {
  if (row.stripeEventAt !== null && eventAt < row.stripeEventAt) return undefined;
  const status: SubscriptionStatus = deleted ? 'canceled' : snapshot.status;
  const sameSubscription = row.subscriptionId === snapshot.id;
  if (sameSubscription && row.status === 'canceled' && status !== 'canceled') return undefined;
  if (row.subscriptionId !== null && !sameSubscription && isRunning(row.status) && !isRunning(status)) {
    return undefined;
  }
  const endedAt = deleted ? (snapshot.endedAt ?? eventAt) : null;
  const periodEnd = snapshot.currentPeriodEnd;
  const currentPeriodEnd =
    endedAt !== null && (periodEnd === null || endedAt < periodEnd) ? endedAt : periodEnd;
  const plan: PlanType = isRunning(status) ? 'premium' : 'free';
  return {
    plan,
    status,
    subscriptionId: snapshot.id,
    customerId: snapshot.customerId,
    priceId: snapshot.priceId,
    currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    stripeEventAt: eventAt,
  };
}
