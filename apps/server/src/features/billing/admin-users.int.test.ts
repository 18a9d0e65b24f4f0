import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, AdminUserSearchResponse, Usage } from '@summa/shared';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { bearer, confirmTestUser, signUpTestAdmin, uniqueEmail } from '../../test/test-users.js';
import { billingKit } from '../../test/billing-client.js';

describe.each(TEST_DATABASES)('admin Premium grants on %s', (kind) => {
  let context: TestContext;
  const kit = billingKit(() => context);
  const adminEmail = uniqueEmail('admin');
  let admin: { session: { access_token: string }; id: string };

  beforeAll(async () => {
    context = await createTestApp(kind, { env: { ADMIN_EMAILS: adminEmail } });
    const signed = await signUpTestAdmin(context.app, { email: adminEmail });
    admin = { ...signed, id: signed.session.user.id };
  });
  afterAll(async () => {
    await context.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    caller?: { session: { access_token: string } },
  ) => context.app.inject({ method, url, headers: caller ? bearer(caller.session.access_token) : {} });

  it('finds an account by e-mail in any case, or answers none', async () => {
    const reader = await kit.reader();
    const found = await call(
      'GET',
      `/api/admin/users?email=${encodeURIComponent(reader.email.toUpperCase())}`,
      admin,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<AdminUserSearchResponse>().user).toMatchObject({
      id: reader.id,
      email: reader.email,
      plan: 'free',
      subscription: null,
      grant: null,
    });
    const none = await call('GET', `/api/admin/users?email=${encodeURIComponent(uniqueEmail())}`, admin);
    expect(none.json()).toEqual({ user: null });
  });

  it('grants and revokes Premium, recorded with who and when, and the plan follows', async () => {
    const reader = await kit.reader();
    await confirmTestUser(context.app, reader.email);
    const before = Date.now();
    const granted = await call('POST', `/api/admin/users/${reader.id}/premium`, admin);
    expect(granted.statusCode, granted.body).toBe(200);
    const user = granted.json<{ user: AdminUser }>().user;
    expect(user).toMatchObject({ plan: 'premium', grant: { grantedBy: adminEmail } });
    expect(Date.parse(user.grant?.grantedAt ?? '')).toBeGreaterThanOrEqual(before - 5_000);
    const usage = (await call('GET', '/api/me/usage', reader)).json<Usage>();
    expect(usage).toMatchObject({ plan: 'premium', summariesLimit: null, audiosLimit: null });
    expect((await call('GET', '/api/auth/user', reader)).json()).toMatchObject({ user: { plan: 'premium' } });
    expect((await call('GET', '/api/billing/subscription', reader)).json()).toMatchObject({
      plan: 'premium',
      granted: true,
      status: null,
    });

    const again = await call('POST', `/api/admin/users/${reader.id}/premium`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'ALREADY_PREMIUM' } });

    const revoked = await call('DELETE', `/api/admin/users/${reader.id}/premium`, admin);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<{ user: AdminUser }>().user).toMatchObject({ plan: 'free', grant: null });
    expect((await call('GET', '/api/me/usage', reader)).json<Usage>().summariesLimit).toBe(10);
    const [grant] = await kit.grants(reader.id);
    expect(grant).toMatchObject({ grantedBy: admin.id, revokedBy: admin.id });
    expect(grant?.revokedAt).toBeInstanceOf(Date);
    expect((grant?.revokedAt?.getTime() ?? 0) >= (grant?.grantedAt.getTime() ?? Infinity)).toBe(true);

    expect((await call('DELETE', `/api/admin/users/${reader.id}/premium`, admin)).statusCode).toBe(404);
    // A second grant is a new record; the revoked one stays.
    expect((await call('POST', `/api/admin/users/${reader.id}/premium`, admin)).statusCode).toBe(200);
    expect(await kit.grants(reader.id)).toHaveLength(2);
  });

  it('grants nothing to an unproven address (409 EMAIL_NOT_CONFIRMED), and does once it is proven', async () => {
    const reader = await kit.reader();
    const found = await call('GET', `/api/admin/users?email=${encodeURIComponent(reader.email)}`, admin);
    expect(found.json<AdminUserSearchResponse>().user).toMatchObject({ emailConfirmed: false });
    const refused = await call('POST', `/api/admin/users/${reader.id}/premium`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'EMAIL_NOT_CONFIRMED' } });
    expect(await kit.grants(reader.id)).toHaveLength(0);
    expect((await call('GET', '/api/me/usage', reader)).json<Usage>().plan).toBe('free');

    await confirmTestUser(context.app, reader.email);
    const granted = await call('POST', `/api/admin/users/${reader.id}/premium`, admin);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json<{ user: AdminUser }>().user).toMatchObject({ emailConfirmed: true, plan: 'premium' });
  });

  it('answers 404 for an account that does not exist', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await call('POST', `/api/admin/users/${id}/premium`, admin)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/admin/users/${id}/premium`, admin)).statusCode).toBe(404);
    }
  });

  it('refuses readers (403) and anonymous callers (401), changing nothing', async () => {
    const reader = await kit.reader();
    const other = await kit.reader();
    const routes = [
      ['GET', `/api/admin/users?email=${encodeURIComponent(other.email)}`],
      ['POST', `/api/admin/users/${other.id}/premium`],
      ['DELETE', `/api/admin/users/${other.id}/premium`],
    ] as const;
    for (const [method, url] of routes) {
      expect((await call(method, url, reader)).statusCode).toBe(403);
      expect((await call(method, url)).statusCode).toBe(401);
    }
    // A reader cannot grant themselves either.
    expect((await call('POST', `/api/admin/users/${reader.id}/premium`, reader)).statusCode).toBe(403);
    expect(await kit.grants(other.id)).toHaveLength(0);
    expect(await kit.grants(reader.id)).toHaveLength(0);
  });
});
