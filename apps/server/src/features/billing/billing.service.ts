import type { FastifyBaseLogger } from 'fastify';
import {
  BILLING_INTERVALS,
  premiumCurrencyOf,
  type AdminUser,
  type BillingInterval,
  type BillingSubscription,
  type Language,
  type SubscriptionStatus,
} from '@summa/shared';
import type { Database } from '../../db/database.js';
import type { AuditStep } from '../../ports/admin-audit.js';
import { AppError } from '../../http/app-error.js';
import type { SubscriptionCancellation } from '../../ports/subscription-cancellation.js';
import {
  WebhookRejectedError,
  type PaymentEvent,
  type PaymentsLocale,
  type PaymentsProvider,
  type PaymentsSettings,
  type SubscriptionSnapshot,
} from '../../providers/payments/payments-provider.js';
import {
  findAccount,
  findAccountByEmail,
  findUserIdByCustomer,
  insertGrant,
  linkCustomer,
  lockSubscription,
  recordEvent,
  revokeGrant,
  storeCustomerId,
  userExists,
  writeSubscription,
  type BillingAccount,
  type Transaction,
} from './billing.repository.js';
import { nextSubscriptionState } from './subscription-state.js';

const LOCALES: Record<Language, PaymentsLocale> = { pt: 'pt-BR', en: 'en', es: 'es-419' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BillingDeps {
  db: Database;
  /** Undefined when payments are off (no STRIPE_SECRET_KEY). */
  payments: { provider: PaymentsProvider; settings: PaymentsSettings } | undefined;
  /** The site's public base URL, where Stripe sends the browser back. */
  baseUrl: () => string;
  log: FastifyBaseLogger;
}

/** Subscription statuses after which Stripe charges nothing more. */
const ENDED_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['canceled', 'incomplete_expired']);

/**
 * Checkout, the Billing Portal, Stripe's webhooks and admin grants of Premium; the
 * SubscriptionCancellation port (a deleted account's subscription ends at once).
 */
export class BillingService implements SubscriptionCancellation {
  constructor(private readonly deps: BillingDeps) {}

  get enabled(): boolean {
    return this.deps.payments !== undefined;
  }

  private payments() {
    if (!this.deps.payments) throw new AppError('PAYMENTS_NOT_CONFIGURED', 503);
    return this.deps.payments;
  }

  private async account(userId: string): Promise<BillingAccount> {
    const account = await findAccount(this.deps.db, userId);
    if (!account) throw new AppError('NOT_FOUND', 404);
    return account;
  }

  /** Runs a call to Stripe; a failure of Stripe's is a 503 for the reader, logged with its cause. */
  private async stripe<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.deps.log.error({ err: error }, `Stripe: ${what} failed`);
      throw new AppError('SERVICE_UNAVAILABLE', 503);
    }
  }

  async cancelNow(userId: string): Promise<void> {
    const account = await findAccount(this.deps.db, userId);
    if (!account?.subscriptionId || !account.status || ENDED_STATUSES.has(account.status)) return;
    const { subscriptionId } = account;
    try {
      // Without payments configured, a live subscription cannot be ended: it must not outlive its reader.
      await this.payments().provider.cancelSubscription(subscriptionId);
    } catch (error) {
      this.deps.log.error({ err: error, subscriptionId }, 'Stripe: cancelling a subscription failed');
      throw new AppError('SUBSCRIPTION_CANCEL_FAILED', 502);
    }
  }

  async subscription(userId: string): Promise<BillingSubscription> {
    const account = await this.account(userId);
    return {
      plan: account.plan,
      status: account.status,
      interval: this.intervalOf(account.priceId),
      currentPeriodEnd: account.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: account.cancelAtPeriodEnd,
      granted: account.granted,
      canManage: this.enabled && account.customerId !== null,
    };
  }

  private intervalOf(priceId: string | null): BillingInterval | null {
    const prices = this.deps.payments?.settings.prices;
    if (!prices || priceId === null) return null;
    for (const currency of [prices.BRL, prices.USD]) {
      const interval = BILLING_INTERVALS.find((candidate) => currency[candidate] === priceId);
      if (interval) return interval;
    }
    return null;
  }

  /**
   * A Checkout Session for Premium at the price of the reader's language and `interval`, with the
   * reader as the customer (created once). A reader who is Premium already is refused (409).
   */
  async checkout(userId: string, interval: BillingInterval): Promise<string> {
    const { provider, settings } = this.payments();
    const account = await this.account(userId);
    if (account.plan === 'premium') throw new AppError('ALREADY_PREMIUM', 409);
    const customerId = account.customerId ?? (await this.createCustomer(provider, account));
    const priceId = settings.prices[premiumCurrencyOf(account.language)][interval];
    const base = this.deps.baseUrl();
    return this.stripe('checkout', () =>
      provider.createCheckoutSession({
        customerId,
        priceId,
        userId,
        locale: LOCALES[account.language],
        successUrl: `${base}/premium-welcome?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${base}/plans`,
      }),
    );
  }

  private async createCustomer(provider: PaymentsProvider, account: BillingAccount): Promise<string> {
    const created = await this.stripe('customer creation', () =>
      provider.createCustomer({ userId: account.userId, email: account.email, name: account.fullName }),
    );
    return storeCustomerId(this.deps.db, account.userId, created);
  }

  /** The Billing Portal for the reader's customer (404 when they never went to Checkout). */
  async portal(userId: string): Promise<string> {
    const { provider } = this.payments();
    const account = await this.account(userId);
    const customerId = account.customerId;
    if (customerId === null) throw new AppError('NOT_FOUND', 404, 'There is no subscription to manage.');
    return this.stripe('billing portal', () =>
      provider.createPortalSession({
        customerId,
        returnUrl: `${this.deps.baseUrl()}/plans`,
        locale: LOCALES[account.language],
      }),
    );
  }

  /**
   * Applies a webhook: verified, then taken once by event id, in one transaction with what it
   * changes. A refusal (bad signature, old timestamp, unknown price) changes nothing and is 400,
   * so Stripe retries it. Answers false for a replay.
   */
  async webhook(rawBody: Buffer, signature: string | undefined): Promise<boolean> {
    const { provider } = this.payments();
    let event: PaymentEvent;
    try {
      event = provider.verifyEvent(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookRejectedError) {
        this.deps.log.warn({ reason: error.message }, 'Stripe webhook refused');
        throw new AppError('BAD_REQUEST', 400, 'The webhook signature does not verify.');
      }
      throw error;
    }
    // Events that carry no subscription get Stripe's current one, fetched before the transaction.
    const fetched = await this.fetchSubscription(event);
    if (fetched) this.checkPrice(fetched);
    if ('subscription' in event) this.checkPrice(event.subscription);
    return this.deps.db.transaction(async (tx) => {
      const type = event.type === 'ignored' ? event.name : event.type;
      if (!(await recordEvent(tx, event.id, type))) return false;
      await this.apply(tx, event, fetched);
      return true;
    });
  }

  private async fetchSubscription(event: PaymentEvent): Promise<SubscriptionSnapshot | undefined> {
    if (event.type !== 'checkout.session.completed' && event.type !== 'invoice.payment_failed') {
      return undefined;
    }
    const id = event.subscriptionId;
    if (id === null) return undefined;
    const { provider } = this.payments();
    return this.stripe('subscription retrieval', () => provider.retrieveSubscription(id));
  }

  private checkPrice(subscription: SubscriptionSnapshot): void {
    if (subscription.priceId === null || this.intervalOf(subscription.priceId) === null) {
      this.deps.log.warn(
        { subscription: subscription.id, price: subscription.priceId },
        'Stripe webhook with a price that is not one of STRIPE_PRICE_*',
      );
      throw new AppError('BAD_REQUEST', 400, 'The subscription is for an unknown price.');
    }
  }

  private async apply(tx: Transaction, event: PaymentEvent, fetched: SubscriptionSnapshot | undefined) {
    switch (event.type) {
      case 'checkout.session.completed': {
        const userId =
          (await this.knownUser(tx, event.userId)) ??
          (event.customerId ? await findUserIdByCustomer(tx, event.customerId) : undefined);
        if (!userId) return;
        await lockSubscription(tx, userId);
        if (event.customerId) await linkCustomer(tx, userId, event.customerId);
        if (fetched) await this.applySnapshot(tx, userId, fetched, event.created);
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const userId = await this.ownerOf(tx, event.subscription);
        const deleted = event.type === 'customer.subscription.deleted';
        if (userId) await this.applySnapshot(tx, userId, event.subscription, event.created, deleted);
        return;
      }
      case 'invoice.payment_failed': {
        if (!fetched) return;
        const userId = await this.ownerOf(tx, fetched);
        if (userId) await this.applySnapshot(tx, userId, fetched, event.created);
        return;
      }
      case 'ignored':
        return;
    }
  }

  private async knownUser(tx: Transaction, userId: string | null): Promise<string | undefined> {
    if (userId === null || !UUID.test(userId)) return undefined;
    return (await userExists(tx, userId)) ? userId : undefined;
  }

  /** The reader a subscription belongs to: by its customer, else by the checkout's metadata. */
  private async ownerOf(tx: Transaction, subscription: SubscriptionSnapshot): Promise<string | undefined> {
    return (
      (await findUserIdByCustomer(tx, subscription.customerId)) ??
      (await this.knownUser(tx, subscription.userId))
    );
  }

  private async applySnapshot(
    tx: Transaction,
    userId: string,
    snapshot: SubscriptionSnapshot,
    eventAt: Date,
    deleted = false,
  ) {
    const row = await lockSubscription(tx, userId);
    const update = nextSubscriptionState(row, snapshot, eventAt, deleted);
    if (update) await writeSubscription(tx, userId, update);
  }

  /** The account with this e-mail (any case), as the admin screen shows it. */
  async findUser(email: string): Promise<AdminUser | null> {
    const account = await findAccountByEmail(this.deps.db, email);
    return account ? adminView(account) : null;
  }

  /** Grants Premium to `userId`, recorded as given by `adminId` now (409 when a grant is in force). */
  async grant(userId: string, adminId: string, audit: AuditStep): Promise<AdminUser> {
    if (!UUID.test(userId)) throw new AppError('NOT_FOUND', 404);
    // Premium attaches only to a proven address: an unproven one may be a stranger's sign-up.
    const account = await this.account(userId);
    if (!account.emailConfirmed) throw new AppError('EMAIL_NOT_CONFIRMED', 409);
    const granted = await this.deps.db.transaction(async (tx) => {
      if (!(await insertGrant(tx, userId, adminId))) return false;
      await audit(tx, account.email);
      return true;
    });
    if (!granted) throw new AppError('ALREADY_PREMIUM', 409);
    return adminView(await this.account(userId));
  }

  /** Ends the grant in force, recorded as revoked by `adminId` now (404 when there is none). */
  async revoke(userId: string, adminId: string, audit: AuditStep): Promise<AdminUser> {
    if (!UUID.test(userId)) throw new AppError('NOT_FOUND', 404);
    const account = await this.account(userId);
    const revoked = await this.deps.db.transaction(async (tx) => {
      if (!(await revokeGrant(tx, userId, adminId))) return false;
      await audit(tx, account.email);
      return true;
    });
    if (!revoked) {
      throw new AppError('NOT_FOUND', 404, 'This account has no Premium grant to revoke.');
    }
    return adminView(await this.account(userId));
  }
}

function adminView(account: BillingAccount): AdminUser {
  return {
    id: account.userId,
    email: account.email,
    fullName: account.fullName,
    emailConfirmed: account.emailConfirmed,
    plan: account.plan,
    subscription:
      account.status === null
        ? null
        : {
            status: account.status,
            currentPeriodEnd: account.currentPeriodEnd?.toISOString() ?? null,
            cancelAtPeriodEnd: account.cancelAtPeriodEnd,
          },
    grant:
      account.granted && account.grantedAt
        ? { grantedAt: account.grantedAt.toISOString(), grantedBy: account.grantedBy }
        : null,
  };
}
