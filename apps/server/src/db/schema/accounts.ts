import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DAILY_GOALS, LANGUAGES, PLAN_TYPES, ROLES, SUBSCRIPTION_STATUSES } from '@summa/shared';

export const languageEnum = pgEnum('language', LANGUAGES);
export const planTypeEnum = pgEnum('plan_type', PLAN_TYPES);
export const subscriptionStatusEnum = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** argon2id hash; null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    fullName: text('full_name').notNull(),
    /**
     * When the address was proven (a confirmation link, a recovery link, or Google's verified
     * claim); null until then. Roles and Premium grants attach only to proven addresses.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** The authority for roles (ADMIN_EMAILS seeds it for confirmed addresses). */
    role: text('role', { enum: ROLES }).notNull().default('user'),
    ...timestamps,
  },
  // E-mails are unique whatever their case.
  (table) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`)],
);

/** The reader a row belongs to (`user_id`): the row goes with their account. */
export const readerIdColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    preferredLanguage: languageEnum('preferred_language').notNull().default('pt'),
    /** Shown in the ranking instead of the real name; unique whatever its case. */
    nickname: text('nickname'),
    /**
     * The nickname's confusable skeleton (Unicode TR39): no new nickname may share another
     * reader's. Not unique in the index, as nicknames taken before the rule may collide.
     */
    nicknameSkeleton: text('nickname_skeleton'),
    /** A preset's name (AVATAR_PRESETS), or null. */
    avatarPreset: text('avatar_preset'),
    /** The storage key of an uploaded avatar (a 256×256 WebP); wins over the preset. */
    avatarKey: text('avatar_key'),
    /** IANA time zone sent by the browser; streak days are counted in it (UTC while null). */
    timeZone: text('time_zone'),
    /** What a day asks to keep the streak (issue 27); 'summary' was the rule before goals. */
    dailyGoal: text('daily_goal', { enum: DAILY_GOALS }).notNull().default('summary'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('profiles_nickname_lower_unique').on(sql`lower(${table.nickname})`),
    index('profiles_nickname_skeleton_idx').on(table.nicknameSkeleton),
  ],
);

export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: readerIdColumn(),
    /**
     * What Stripe last said (premium while a subscription grants it); without a Stripe status a
     * plan set here directly. The plan readers get is `effectivePlan` (db/effective-plan.ts).
     */
    plan: planTypeEnum('plan').notNull().default('free'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** The Stripe subscription's status; null when the reader never subscribed. */
    status: subscriptionStatusEnum('status'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripePriceId: text('stripe_price_id'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When Stripe created the last event applied here: an older one arriving late changes nothing. */
    stripeEventAt: timestamp('stripe_event_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('user_subscriptions_user_unique').on(table.userId),
    index('user_subscriptions_plan_idx').on(table.plan),
    uniqueIndex('user_subscriptions_stripe_customer_unique').on(table.stripeCustomerId),
    index('user_subscriptions_stripe_subscription_idx').on(table.stripeSubscriptionId),
  ],
);
