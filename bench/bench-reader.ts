import type { FastifyInstance } from 'fastify';
import type { Session } from '@summa/shared';
import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import { userSubscriptions } from '../apps/server/src/db/schema/index.js';

/**
 * A signed-up reader on Premium, so that the monthly limit never cuts a run short. The bench's
 * database holds this reader only, hence the update without a filter.
 */
export async function premiumBenchReader(app: FastifyInstance, database: DatabaseHandle, email: string) {
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: 'bench-secret', full_name: 'Bench', signup_language: 'en' },
  });
  const session = signup.json<Session>();
  // The first usage read creates the reader's plan row.
  await app.inject({
    method: 'GET',
    url: '/api/me/usage',
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  await database.db.update(userSubscriptions).set({ plan: 'premium' });
  return session;
}
