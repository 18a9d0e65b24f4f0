import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BillingSubscription, Language, Usage } from '@summa/shared';
import { startFakeStripeServer, type FakeStripeServer } from '../../test/fake-stripe-server.js';
import {
  checkoutCompleted,
  nowSeconds,
  paymentFailed,
  stripeEnv,
  stripeEvent,
  subscriptionObject,
  TEST_STRIPE,
} from '../../test/stripe-events.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { billingKit } from '../../test/billing-client.js';

const PUBLIC_URL = 'http://summa.example';
const DAY = 86_400;

describe.each(TEST_DATABASES)('billing on %s', (kind) => {
  let stripe: FakeStripeServer;
  let context: TestContext;
  const kit = billingKit(() => context);

  beforeAll(async () => {
    stripe = await startFakeStripeServer();
    context = await createTestApp(kind, { env: { ...stripeEnv(stripe.apiBase), PUBLIC_URL } });
  });
  afterAll(async () => {
    await context.close();
    await stripe.close();
  });
  beforeEach(() => {
    stripe.reset();
  });

  /** A reader who went to Checkout once: they have a Stripe customer. */
  async function customer(language: Language = 'pt') {
    const reader = await kit.reader(language);
    const checkout = await kit.post('/api/billing/checkout', reader, { interval: 'monthly' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const customerId = (await kit.row(reader.id))?.stripeCustomerId;
    if (!customerId) throw new Error('no customer stored');
    return { ...reader, customerId };
  }

  const subscriptionOf = async (reader: Parameters<typeof kit.get>[1]) =>
    (await kit.get('/api/billing/subscription', reader)).json<BillingSubscription>();
  const usageOf = async (reader: Parameters<typeof kit.get>[1]) =>
    (await kit.get('/api/me/usage', reader)).json<Usage>();

  it('says payments are on', async () => {
    const response = await kit.get('/api/billing/config', undefined);
    expect(response.json()).toEqual({ enabled: true });
  });

  it.each([
    ['pt', 'monthly', TEST_STRIPE.prices.brlMonthly, 'pt-BR'],
    ['pt', 'yearly', TEST_STRIPE.prices.brlYearly, 'pt-BR'],
    ['en', 'monthly', TEST_STRIPE.prices.usdMonthly, 'en'],
    ['en', 'yearly', TEST_STRIPE.prices.usdYearly, 'en'],
    ['es', 'monthly', TEST_STRIPE.prices.usdMonthly, 'es-419'],
    ['es', 'yearly', TEST_STRIPE.prices.usdYearly, 'es-419'],
  ] as const)(
    'checks a %s reader out %s at the price of their language',
    async (language, interval, price, locale) => {
      const reader = await kit.reader(language);
      const response = await kit.post('/api/billing/checkout', reader, { interval });
      expect(response.statusCode, response.body).toBe(200);
      const [customerRequest] = stripe.requestsTo('/v1/customers');
      const [session] = stripe.requestsTo('/v1/checkout/sessions');
      expect(customerRequest?.params).toMatchObject({ email: reader.email, 'metadata[userId]': reader.id });
      const customerId = (await kit.row(reader.id))?.stripeCustomerId;
      expect(customerId).toMatch(/^cus_/);
      expect(session?.apiKey).toBe(TEST_STRIPE.secretKey);
      expect(session?.params).toMatchObject({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: reader.id,
        'line_items[0][price]': price,
        'line_items[0][quantity]': '1',
        'subscription_data[metadata][userId]': reader.id,
        locale,
        success_url: `${PUBLIC_URL}/premium-welcome?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${PUBLIC_URL}/plans`,
      });
      expect(response.json<{ url: string }>().url).toMatch(/\/checkout\/cs_test_/);
    },
  );

  it('creates the Stripe customer once, and ignores forged fields in the checkout body', async () => {
    const reader = await kit.reader('en');
    const forged = { interval: 'yearly', plan: 'premium', premium: true, role: 'admin', price: 'price_x' };
    expect((await kit.post('/api/billing/checkout', reader, forged)).statusCode).toBe(200);
    expect((await kit.post('/api/billing/checkout', reader, { interval: 'monthly' })).statusCode).toBe(200);
    expect(stripe.requestsTo('/v1/customers')).toHaveLength(1);
    const sessions = stripe.requestsTo('/v1/checkout/sessions');
    expect(sessions.map((session) => session.params['line_items[0][price]'])).toEqual([
      TEST_STRIPE.prices.usdYearly,
      TEST_STRIPE.prices.usdMonthly,
    ]);
    expect(new Set(sessions.map((session) => session.params.customer)).size).toBe(1);
    expect((await subscriptionOf(reader)).plan).toBe('free');
    const user = await kit.get('/api/auth/user', reader);
    expect(user.json()).toMatchObject({ user: { role: 'user', plan: 'free' } });
  });

  it('refuses a bad interval and an anonymous caller', async () => {
    const reader = await kit.reader();
    expect((await kit.post('/api/billing/checkout', reader, { interval: 'weekly' })).statusCode).toBe(400);
    expect((await kit.post('/api/billing/checkout', undefined, { interval: 'monthly' })).statusCode).toBe(
      401,
    );
    expect(stripe.requests).toHaveLength(0);
  });

  it('answers 503 when Stripe fails, and keeps no customer it did not get', async () => {
    const reader = await kit.reader();
    stripe.enqueue({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    const response = await kit.post('/api/billing/checkout', reader, { interval: 'monthly' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    expect((await kit.row(reader.id))?.stripeCustomerId).toBeNull();
  });

  it('turns checkout.session.completed into Premium with Stripe’s subscription, limits lifted', async () => {
    const reader = await customer('pt');
    const subscription = subscriptionObject({ customer: reader.customerId, userId: reader.id });
    stripe.subscriptions.set(subscription.id, subscription);
    const response = await kit.send(
      checkoutCompleted({ customer: reader.customerId, subscription: subscription.id, userId: reader.id }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect(stripe.requestsTo(`/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    expect(await subscriptionOf(reader)).toMatchObject({
      plan: 'premium',
      status: 'active',
      interval: 'monthly',
      cancelAtPeriodEnd: false,
      granted: false,
      canManage: true,
    });
    expect(await usageOf(reader)).toMatchObject({ plan: 'premium', summariesLimit: null, audiosLimit: null });
    const user = await kit.get('/api/auth/user', reader);
    expect(user.json()).toMatchObject({ user: { plan: 'premium' } });
    // Premium now: a second checkout is refused, and Stripe is not asked for one.
    stripe.reset();
    const again = await kit.post('/api/billing/checkout', reader, { interval: 'yearly' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'ALREADY_PREMIUM' } });
    expect(stripe.requests).toHaveLength(0);
  });

  it('follows customer.subscription.created, updated (past_due, cancel at period end) and deleted', async () => {
    const reader = await customer('en');
    const t = nowSeconds();
    const base = { customer: reader.customerId, price: TEST_STRIPE.prices.usdYearly };
    const id = `sub_follow_${reader.id.slice(0, 8)}`;
    const send = async (
      type: string,
      fields: Partial<Parameters<typeof subscriptionObject>[0]>,
      at: number,
    ) => {
      const response = await kit.send(stripeEvent(type, subscriptionObject({ ...base, id, ...fields }), at));
      expect(response.statusCode, response.body).toBe(200);
    };

    await send('customer.subscription.created', {}, t - 50);
    expect(await subscriptionOf(reader)).toMatchObject({
      plan: 'premium',
      status: 'active',
      interval: 'yearly',
    });

    await send('customer.subscription.updated', { status: 'past_due' }, t - 40);
    expect(await subscriptionOf(reader)).toMatchObject({ plan: 'premium', status: 'past_due' });
    expect((await usageOf(reader)).summariesLimit).toBeNull();

    const periodEnd = t + 10 * DAY;
    await send('customer.subscription.updated', { cancelAtPeriodEnd: true, periodEnd }, t - 30);
    expect(await subscriptionOf(reader)).toMatchObject({
      plan: 'premium',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
    });

    // The period passed and the deletion has not come yet: Premium has ended all the same.
    await send('customer.subscription.updated', { cancelAtPeriodEnd: true, periodEnd: t - 5 }, t - 20);
    expect((await subscriptionOf(reader)).plan).toBe('free');
    expect((await usageOf(reader)).summariesLimit).toBe(10);

    await send('customer.subscription.deleted', { status: 'canceled', periodEnd, endedAt: t - 10 }, t - 10);
    const ended = await subscriptionOf(reader);
    expect(ended).toMatchObject({ plan: 'free', status: 'canceled' });
    expect(Date.parse(ended.currentPeriodEnd ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('keeps Premium with status past_due on invoice.payment_failed', async () => {
    const reader = await customer('es');
    const subscription = subscriptionObject({
      customer: reader.customerId,
      price: TEST_STRIPE.prices.usdMonthly,
      status: 'past_due',
    });
    stripe.subscriptions.set(subscription.id, subscription);
    const response = await kit.send(
      paymentFailed({ customer: reader.customerId, subscription: subscription.id }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await subscriptionOf(reader)).toMatchObject({ plan: 'premium', status: 'past_due' });
  });

  it('takes a replayed event once', async () => {
    const reader = await customer();
    const t = nowSeconds();
    const id = `sub_replay_${reader.id.slice(0, 8)}`;
    const active = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject({ id, customer: reader.customerId }),
      t - 20,
    );
    const first = await kit.send(active);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const deleted = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject({ id, customer: reader.customerId, status: 'canceled', endedAt: t - 10 }),
      t - 10,
    );
    expect((await kit.send(deleted)).statusCode).toBe(200);
    const before = await kit.row(reader.id);
    const replay = await kit.send(active);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await kit.row(reader.id)).toEqual(before);
    expect((await subscriptionOf(reader)).plan).toBe('free');
  });

  it('applies an event delivered twice at once only once', async () => {
    const reader = await customer();
    const event = stripeEvent(
      'customer.subscription.created',
      subscriptionObject({ customer: reader.customerId }),
    );
    const answers = await Promise.all([kit.send(event), kit.send(event)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json<{ duplicate: boolean }>().duplicate).sort()).toEqual([
      false,
      true,
    ]);
    expect((await subscriptionOf(reader)).plan).toBe('premium');
  });

  it('takes an event larger than the API’s 64 KB body limit', async () => {
    const reader = await customer();
    const subscription = {
      ...subscriptionObject({ customer: reader.customerId }),
      description: 'x'.repeat(100 * 1024),
    };
    const response = await kit.send(stripeEvent('customer.subscription.created', subscription));
    expect(response.statusCode, response.body).toBe(200);
    expect((await subscriptionOf(reader)).plan).toBe('premium');
  });

  it('ends in Stripe’s state whatever the order of delivery', async () => {
    const reader = await customer();
    const t = nowSeconds();
    const id = `sub_order_${reader.id.slice(0, 8)}`;
    const object = (fields: Partial<Parameters<typeof subscriptionObject>[0]> = {}) =>
      subscriptionObject({ id, customer: reader.customerId, userId: reader.id, ...fields });
    stripe.subscriptions.set(id, object());

    // subscription.updated comes before checkout.session.completed, which is older.
    await kit.send(stripeEvent('customer.subscription.updated', object({ status: 'past_due' }), t - 30));
    await kit.send(
      checkoutCompleted({ customer: reader.customerId, subscription: id, userId: reader.id }, t - 40),
    );
    expect(await subscriptionOf(reader)).toMatchObject({ plan: 'premium', status: 'past_due' });

    // deleted comes before an update that Stripe sent earlier: the update changes nothing.
    await kit.send(
      stripeEvent('customer.subscription.deleted', object({ status: 'canceled', endedAt: t - 10 }), t - 10),
    );
    const late = await kit.send(stripeEvent('customer.subscription.updated', object(), t - 20));
    expect(late.json()).toEqual({ received: true, duplicate: false });
    expect(await subscriptionOf(reader)).toMatchObject({ plan: 'free', status: 'canceled' });

    // Even one created in the same second does not revive a deleted subscription.
    await kit.send(stripeEvent('customer.subscription.updated', object(), t - 10));
    expect((await subscriptionOf(reader)).plan).toBe('free');
  });

  it('finds the reader by the checkout metadata when the customer is not linked yet', async () => {
    const reader = await kit.reader();
    const event = stripeEvent(
      'customer.subscription.created',
      subscriptionObject({ customer: 'cus_unlinked', userId: reader.id }),
    );
    expect((await kit.send(event)).statusCode).toBe(200);
    expect(await kit.row(reader.id)).toMatchObject({ stripeCustomerId: 'cus_unlinked', status: 'active' });
    expect((await subscriptionOf(reader)).plan).toBe('premium');
  });

  it('refuses a wrong signature, an old timestamp and a tampered body, changing nothing', async () => {
    const reader = await customer();
    const event = stripeEvent(
      'customer.subscription.created',
      subscriptionObject({ customer: reader.customerId }),
    );
    const wrongSecret = await kit.send(event, { secret: 'whsec_not_ours' });
    const old = await kit.send(event, { timestamp: nowSeconds() - 600 });
    const unsigned = await context.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    const signed = (await import('../../test/stripe-events.js')).signedWebhook(event);
    const tampered = await context.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: signed.payload.replace('"active"', '"trialing"'),
      headers: signed.headers,
    });
    for (const response of [wrongSecret, old, unsigned, tampered]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
    expect(await kit.eventRecorded(event.id)).toBe(false);
    expect(await kit.row(reader.id)).toMatchObject({ status: null, plan: 'free' });
    // The same event, rightly signed, is then taken.
    expect((await kit.send(event)).statusCode).toBe(200);
    expect((await subscriptionOf(reader)).plan).toBe('premium');
  });

  it('refuses an unknown price with 400, changing nothing', async () => {
    const reader = await customer();
    const subscription = subscriptionObject({ customer: reader.customerId, price: 'price_somebody_else' });
    const created = stripeEvent('customer.subscription.created', subscription);
    const response = await kit.send(created);
    expect(response.statusCode).toBe(400);
    stripe.subscriptions.set(subscription.id, subscription);
    const completed = checkoutCompleted({
      customer: reader.customerId,
      subscription: subscription.id,
      userId: reader.id,
    });
    expect((await kit.send(completed)).statusCode).toBe(400);
    expect(await kit.eventRecorded(created.id)).toBe(false);
    expect(await kit.eventRecorded(completed.id)).toBe(false);
    expect(await kit.row(reader.id)).toMatchObject({ status: null, stripeSubscriptionId: null });
    expect((await subscriptionOf(reader)).plan).toBe('free');
  });

  it('takes and ignores event types it does not handle', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_x', object: 'customer' });
    const response = await kit.send(event);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect(await kit.eventRecorded(event.id)).toBe(true);
  });

  it('opens the Billing Portal for a customer, and answers 404 for a reader who never checked out', async () => {
    const never = await kit.reader();
    const none = await kit.post('/api/billing/portal', never);
    expect(none.statusCode).toBe(404);
    const reader = await customer('es');
    stripe.reset();
    const response = await kit.post('/api/billing/portal', reader, { plan: 'premium', role: 'admin' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ url: string }>().url).toMatch(/\/portal\/bps_/);
    const [portal] = stripe.requestsTo('/v1/billing_portal/sessions');
    expect(portal?.params).toMatchObject({
      customer: reader.customerId,
      return_url: `${PUBLIC_URL}/plans`,
      locale: 'es-419',
    });
    expect((await subscriptionOf(reader)).plan).toBe('free');
  });

  it('ignores forged plan, premium and role fields in the profile', async () => {
    const reader = await kit.reader();
    const response = await context.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { authorization: `Bearer ${reader.session.access_token}` },
      payload: { preferredLanguage: 'en', plan: 'premium', premium: true, role: 'admin' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ profile: { plan: 'free', preferredLanguage: 'en' } });
    expect(await subscriptionOf(reader)).toMatchObject({ plan: 'free', granted: false });
    expect((await kit.get('/api/auth/user', reader)).json()).toMatchObject({
      user: { role: 'user', plan: 'free' },
    });
    expect((await kit.get('/api/admin/users?email=x%40example.com', reader)).statusCode).toBe(403);
  });
});

describe.each(TEST_DATABASES)('billing without Stripe on %s', (kind) => {
  let context: TestContext;
  const kit = billingKit(() => context);
  beforeAll(async () => {
    context = await createTestApp(kind);
  });
  afterAll(async () => {
    await context.close();
  });

  it('says payments are off and answers 503 PAYMENTS_NOT_CONFIGURED', async () => {
    expect((await kit.get('/api/billing/config', undefined)).json()).toEqual({ enabled: false });
    const reader = await kit.reader();
    const event = stripeEvent('customer.created', { id: 'cus_x', object: 'customer' });
    const responses = [
      await kit.post('/api/billing/checkout', reader, { interval: 'monthly' }),
      await kit.post('/api/billing/portal', reader),
      await kit.send(event),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: { code: 'PAYMENTS_NOT_CONFIGURED' } });
    }
    expect(await kit.eventRecorded(event.id)).toBe(false);
    const subscription = await kit.get('/api/billing/subscription', reader);
    expect(subscription.json()).toMatchObject({ plan: 'free', status: null, canManage: false });
  });
});
