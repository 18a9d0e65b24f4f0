import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Language, PlanType, SubscriptionStatus } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { effectivePlan } from '../../db/effective-plan.js';
import { premiumGrants, profiles, stripeEvents, users, userSubscriptions } from '../../db/schema/index.js';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What billing knows of a reader: who they are, their plan now and their Stripe subscription. */
export interface BillingAccount {
  userId: string;
  email: string;
  fullName: string;
  language: Language;
  plan: PlanType;
  status: SubscriptionStatus | null;
  customerId: string | null;
  subscriptionId: string | null;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  emailConfirmed: boolean;
  /** An admin grant is in force. */
  granted: boolean;
  /** When and by whom (e-mail; null once that account is gone) the grant in force was given. */
  grantedAt: Date | null;
  grantedBy: string | null;
}

const granter = sql.raw('granter');

function accountQuery(db: Database | Transaction) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      emailConfirmed: sql<boolean>`${users.emailConfirmedAt} is not null`,
      language: sql<Language>`coalesce(${profiles.preferredLanguage}, 'pt')`,
      plan: effectivePlan(users.id),
      status: userSubscriptions.status,
      customerId: userSubscriptions.stripeCustomerId,
      subscriptionId: userSubscriptions.stripeSubscriptionId,
      priceId: userSubscriptions.stripePriceId,
      currentPeriodEnd: userSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: sql<boolean>`coalesce(${userSubscriptions.cancelAtPeriodEnd}, false)`,
      granted: sql<boolean>`${premiumGrants.id} is not null`,
      grantedAt: premiumGrants.grantedAt,
      grantedBy: sql<
        string | null
      >`(select ${granter}.email from ${users} ${granter} where ${granter}.id = ${premiumGrants.grantedBy})`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userSubscriptions, eq(userSubscriptions.userId, users.id))
    .leftJoin(premiumGrants, and(eq(premiumGrants.userId, users.id), isNull(premiumGrants.revokedAt)));
}

export async function findAccount(db: Database, userId: string): Promise<BillingAccount | undefined> {
  const [row] = await accountQuery(db).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function findAccountByEmail(db: Database, email: string): Promise<BillingAccount | undefined> {
  const [row] = await accountQuery(db)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/**
 * Keeps `customerId` as the reader's Stripe customer unless they already have one; answers the
 * one stored (the earlier one when two requests raced).
 */
export async function storeCustomerId(db: Database, userId: string, customerId: string): Promise<string> {
  await db
    .insert(userSubscriptions)
    .values({ userId, stripeCustomerId: customerId })
    .onConflictDoUpdate({
      target: userSubscriptions.userId,
      set: {
        stripeCustomerId: sql`coalesce(${userSubscriptions.stripeCustomerId}, excluded.stripe_customer_id)`,
      },
    });
  const [row] = await db
    .select({ customerId: userSubscriptions.stripeCustomerId })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId));
  return row?.customerId ?? customerId;
}

/** Records a webhook event's id; false when it was recorded before (a replay). */
export async function recordEvent(tx: Transaction, id: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(stripeEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export async function findUserIdByCustomer(tx: Transaction, customerId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ userId: userSubscriptions.userId })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.stripeCustomerId, customerId))
    .limit(1);
  return row?.userId;
}

export async function userExists(tx: Transaction, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined;
}

/** The subscription side of a reader's row, locked until the transaction ends (created if missing). */
export interface SubscriptionRow {
  customerId: string | null;
  subscriptionId: string | null;
  status: SubscriptionStatus | null;
  stripeEventAt: Date | null;
}

export async function lockSubscription(tx: Transaction, userId: string): Promise<SubscriptionRow> {
  await tx.insert(userSubscriptions).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select({
      customerId: userSubscriptions.stripeCustomerId,
      subscriptionId: userSubscriptions.stripeSubscriptionId,
      status: userSubscriptions.status,
      stripeEventAt: userSubscriptions.stripeEventAt,
    })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .for('update');
  return row ?? { customerId: null, subscriptionId: null, status: null, stripeEventAt: null };
}

export interface SubscriptionUpdate {
  plan: PlanType;
  status: SubscriptionStatus;
  subscriptionId: string;
  customerId: string;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  stripeEventAt: Date;
}

export async function writeSubscription(tx: Transaction, userId: string, update: SubscriptionUpdate) {
  await tx
    .update(userSubscriptions)
    .set({
      plan: update.plan,
      status: update.status,
      stripeSubscriptionId: update.subscriptionId,
      stripeCustomerId: sql`coalesce(${userSubscriptions.stripeCustomerId}, ${update.customerId})`,
      stripePriceId: update.priceId,
      currentPeriodEnd: update.currentPeriodEnd,
      cancelAtPeriodEnd: update.cancelAtPeriodEnd,
      stripeEventAt: update.stripeEventAt,
      updatedAt: sql`now()`,
    })
    .where(eq(userSubscriptions.userId, userId));
}

/** Links a reader to their customer when the row has none yet (a checkout seen before its customer was stored). */
export async function linkCustomer(tx: Transaction, userId: string, customerId: string): Promise<void> {
  await tx
    .update(userSubscriptions)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(userSubscriptions.userId, userId), isNull(userSubscriptions.stripeCustomerId)));
}

/** Grants Premium; false when a grant is already in force. */
export async function insertGrant(
  db: Database | Transaction,
  userId: string,
  grantedBy: string,
): Promise<boolean> {
  const rows = await db
    .insert(premiumGrants)
    .values({ userId, grantedBy })
    .onConflictDoNothing()
    .returning({ id: premiumGrants.id });
  return rows.length > 0;
}

/** Revokes the grant in force; false when there is none. */
export async function revokeGrant(
  db: Database | Transaction,
  userId: string,
  revokedBy: string,
): Promise<boolean> {
  const rows = await db
    .update(premiumGrants)
    .set({ revokedBy, revokedAt: sql`now()` })
    .where(and(eq(premiumGrants.userId, userId), isNull(premiumGrants.revokedAt)))
    .returning({ id: premiumGrants.id });
  return rows.length > 0;
}
