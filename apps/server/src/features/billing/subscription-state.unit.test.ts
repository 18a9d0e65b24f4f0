import { describe, expect, it } from 'vitest';
import type { SubscriptionSnapshot } from '../../providers/payments/payments-provider.js';
import { nextSubscriptionState } from './subscription-state.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 1) + seconds * 1000);
const snapshot = (fields: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  id: 'sub_a',
  customerId: 'cus_a',
  status: 'active',
  priceId: 'price_m',
  currentPeriodEnd: at(30 * 86_400),
  cancelAtPeriodEnd: false,
  endedAt: null,
  userId: null,
  ...fields,
});
const empty = { customerId: null, subscriptionId: null, status: null, stripeEventAt: null };

describe('nextSubscriptionState', () => {
  it('takes a first state, Premium while running', () => {
    expect(nextSubscriptionState(empty, snapshot({ status: 'past_due' }), at(0))).toMatchObject({
      plan: 'premium',
      status: 'past_due',
      subscriptionId: 'sub_a',
      stripeEventAt: at(0),
    });
    expect(nextSubscriptionState(empty, snapshot({ status: 'incomplete' }), at(0))?.plan).toBe('free');
  });

  it('ignores an event older than the last one applied', () => {
    const row = { ...empty, subscriptionId: 'sub_a', status: 'canceled' as const, stripeEventAt: at(10) };
    expect(nextSubscriptionState(row, snapshot(), at(9))).toBeUndefined();
  });

  it('never revives a canceled subscription, even at the same second', () => {
    const row = { ...empty, subscriptionId: 'sub_a', status: 'canceled' as const, stripeEventAt: at(10) };
    expect(nextSubscriptionState(row, snapshot(), at(10))).toBeUndefined();
  });

  it('does not let another subscription’s end stop the running one', () => {
    const row = { ...empty, subscriptionId: 'sub_a', status: 'active' as const, stripeEventAt: at(10) };
    expect(nextSubscriptionState(row, snapshot({ id: 'sub_b', status: 'canceled' }), at(20))).toBeUndefined();
    expect(nextSubscriptionState(row, snapshot({ id: 'sub_b' }), at(20))?.subscriptionId).toBe('sub_b');
  });

  it('ends Premium when a deleted subscription ended, whatever period was left', () => {
    const update = nextSubscriptionState(empty, snapshot({ status: 'active', endedAt: at(5) }), at(6), true);
    expect(update).toMatchObject({ plan: 'free', status: 'canceled', currentPeriodEnd: at(5) });
    const noEnd = nextSubscriptionState(empty, snapshot(), at(7), true);
    expect(noEnd?.currentPeriodEnd).toEqual(at(7));
  });
});
