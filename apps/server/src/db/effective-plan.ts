import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PlanType } from '@summa/shared';
import { premiumGrants, users, userSubscriptions } from './schema/index.js';

/**
 * The plan a reader has now, as one SQL expression over their `user_subscriptions` row (which may
 * be absent, as in a left join) and their admin grants. Premium when:
 * - an admin grant is in force on a proven address (a grant never attaches to an unproven one);
 * - Stripe's subscription is active, trialing or past_due, unless it was set to cancel at the end
 *   of a period that has passed (its deletion event may come late or not at all);
 * - it is canceled but the paid period has not ended;
 * - there is no Stripe subscription and the row's plan says premium (set by hand).
 * Every reader of the plan (usage limits, history, sessions) goes through this one rule.
 */
/** The grant's account, under its own name: callers often select from `users` already. */
const grantee = sql.raw('grantee');

export function effectivePlan(userId: AnyColumn | SQL): SQL<PlanType> {
  const s = userSubscriptions;
  return sql<PlanType>`(case
    when exists (
      select 1 from ${premiumGrants}
      where ${premiumGrants.userId} = ${userId} and ${premiumGrants.revokedAt} is null
        and exists (
          select 1 from ${users} ${grantee}
          where ${grantee}.id = ${premiumGrants.userId} and ${grantee}.email_confirmed_at is not null
        )
    ) then 'premium'
    when ${s.status} in ('active', 'trialing', 'past_due')
      and not (${s.cancelAtPeriodEnd} and ${s.currentPeriodEnd} is not null and ${s.currentPeriodEnd} <= now())
      then 'premium'
    when ${s.status} = 'canceled' and ${s.currentPeriodEnd} > now() then 'premium'
    when ${s.status} is null and ${s.plan} = 'premium' then 'premium'
    else 'free'
  end)::plan_type`;
}
