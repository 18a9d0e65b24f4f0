import { eq } from 'drizzle-orm';
import type { Language, Session } from '@summa/shared';
import { premiumGrants, stripeEvents, userSubscriptions } from '../db/schema/index.js';
import type { TestContext } from './test-app.js';
import { signedWebhook, type StripeEventJson } from './stripe-events.js';
import { bearer, signUpTestUser, type TestUser } from './test-users.js';

/** Requests and database reads the billing tests share. */
export function billingKit(context: () => TestContext) {
  const app = () => context().app;
  const db = () => context().database.db;
  return {
    async reader(language: Language = 'pt'): Promise<TestUser & { id: string }> {
      const user = await signUpTestUser(app(), { signup_language: language });
      return { ...user, id: user.session.user.id };
    },
    post(url: string, user: { session: Session } | undefined, payload?: object) {
      return app().inject({
        method: 'POST',
        url,
        headers: user ? bearer(user.session) : {},
        ...(payload === undefined ? {} : { payload }),
      });
    },
    get(url: string, user: { session: Session } | undefined) {
      return app().inject({ method: 'GET', url, headers: user ? bearer(user.session) : {} });
    },
    send(event: StripeEventJson, options: { secret?: string; timestamp?: number } = {}) {
      const { payload, headers } = signedWebhook(event, options);
      return app().inject({ method: 'POST', url: '/api/billing/webhook', payload, headers });
    },
    async row(userId: string) {
      const [row] = await db().select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId));
      return row;
    },
    async eventRecorded(id: string): Promise<boolean> {
      const rows = await db().select().from(stripeEvents).where(eq(stripeEvents.id, id));
      return rows.length > 0;
    },
    async grants(userId: string) {
      return db().select().from(premiumGrants).where(eq(premiumGrants.userId, userId));
    },
  };
}
