import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { Session, UserResponse } from '@summa/shared';
import { count, eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import {
  bearer,
  confirmTestUser,
  mailedToken,
  expectSignedOutForGood,
  signUpTestUser,
  uniqueIp,
} from '../../test/test-users.js';

/** Issue 21, defect 1: the role followed the address alone, and sign-up never proved it. */
describe.each(TEST_DATABASES)('roles and grants only for proven addresses on %s', (kind) => {
  const boss = `boss-${kind}@example.com`;
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp(kind, { env: { ADMIN_EMAILS: `${boss},chief-${kind}@example.com` } });
  });
  afterAll(async () => {
    await context.close();
  });

  const inject = (options: InjectOptions) => context.app.inject({ remoteAddress: uniqueIp(), ...options });
  const user = async (session: Session) =>
    (await inject({ method: 'GET', url: '/api/auth/user', headers: bearer(session) })).json<UserResponse>()
      .user;

  it('gives a stranger who signs up as a listed address no role and no way to admin', async () => {
    const stranger = await signUpTestUser(context.app, { email: boss.toUpperCase() });
    expect(stranger.session.user).toMatchObject({ role: 'user', email_confirmed: false });
    const victim = await signUpTestUser(context.app);
    const adminCalls = [
      { method: 'GET', url: `/api/admin/users?email=${encodeURIComponent(victim.email)}` },
      { method: 'POST', url: `/api/admin/users/${stranger.session.user.id}/premium` },
      { method: 'GET', url: '/api/admin/status' },
    ] as const;
    for (const call of adminCalls) {
      const response = await inject({ ...call, headers: bearer(stranger.session) });
      expect(response.statusCode, call.url).toBe(403);
    }
    expect((await user(stranger.session)).role).toBe('user');
    const usage = await inject({ method: 'GET', url: '/api/me/usage', headers: bearer(stranger.session) });
    expect(usage.json()).toMatchObject({ plan: 'free' });
  });

  it('makes a listed address admin once its confirmation link is opened, at once, and the link works once', async () => {
    const email = `chief-${kind}@example.com`;
    const chief = await signUpTestUser(context.app, { email });
    const token = await mailedToken(context.app, email, '/auth/confirm');
    const confirm = (value: string) =>
      inject({ method: 'POST', url: '/api/auth/confirm', payload: { token: value } });

    expect((await confirm('not-a-real-token-at-all-123456')).statusCode).toBe(400);
    expect((await user(chief.session)).role).toBe('user');

    expect((await confirm(token)).statusCode).toBe(204);
    // The same access token now carries the role (the session check reads it from the database).
    expect(await user(chief.session)).toMatchObject({ role: 'admin', email_confirmed: true });
    const status = await inject({ method: 'GET', url: '/api/admin/status', headers: bearer(chief.session) });
    expect(status.statusCode).toBe(200);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { code: 'INVALID_TOKEN' } });
  });

  it('confirms a reader who is not listed without making them admin', async () => {
    const reader = await signUpTestUser(context.app);
    await confirmTestUser(context.app, reader.email);
    expect(await user(reader.session)).toMatchObject({ role: 'user', email_confirmed: true });
  });

  it("lets the address's real owner take the account over through recovery, signing the stranger out", async () => {
    const owned = `owner-${kind}@example.com`;
    const app = await createTestApp(kind, { env: { ADMIN_EMAILS: owned } });
    try {
      const stranger = await signUpTestUser(app.app, { email: owned, password: 'stranger pass' });
      expect(stranger.session.user.role).toBe('user');
      const recover = await app.app.inject({
        method: 'POST',
        url: '/api/auth/recover',
        payload: { email: owned },
        remoteAddress: uniqueIp(),
      });
      expect(recover.statusCode).toBe(204);
      const token = await mailedToken(app.app, owned, '/auth/reset');
      const reset = await app.app.inject({
        method: 'POST',
        url: '/api/auth/reset',
        payload: { token, password: 'owner pass 2' },
        remoteAddress: uniqueIp(),
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const owner = reset.json<Session>();
      expect(owner.user).toMatchObject({ role: 'admin', email_confirmed: true });

      await expectSignedOutForGood(app.app, stranger);
    } finally {
      await app.close();
    }
  });

  it('mails a new link on request (401 without a session), and nothing once the address is proven', async () => {
    const resend = (session?: Session) =>
      inject({
        method: 'POST',
        url: '/api/auth/confirm/resend',
        ...(session ? { headers: bearer(session) } : {}),
      });
    expect((await resend()).statusCode).toBe(401);
    const reader = await signUpTestUser(context.app);
    await mailedToken(context.app, reader.email, '/auth/confirm');
    expect((await resend(reader.session)).statusCode).toBe(204);
    const mails = async () =>
      (
        await context.database.db
          .select({ n: count() })
          .from(mailOutbox)
          .where(eq(mailOutbox.recipient, reader.email))
      )[0]?.n;
    await expect.poll(mails).toBe(2);
    await confirmTestUser(context.app, reader.email);
    expect((await resend(reader.session)).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mails()).toBe(2);
  });
});
