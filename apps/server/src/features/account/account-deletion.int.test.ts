import { randomUUID } from 'node:crypto';
import { access, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorResponse, RankingResponse, Session } from '@summa/shared';
import {
  authSessions,
  bookSummaries,
  orphanedFiles,
  profiles,
  rankCounts,
  summaryFeedback,
  users,
} from '../../db/schema/index.js';
import { billingKit } from '../../test/billing-client.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../test/fake-llm-server.js';
import { startFakeStripeServer, type FakeStripeServer } from '../../test/fake-stripe-server.js';
import { gamificationClient } from '../../test/gamification-client.js';
import { checkoutCompleted, stripeEnv, subscriptionObject } from '../../test/stripe-events.js';
import { bookResponder } from '../../test/summary-responder.js';
import { buildApp } from '../../app.js';
import { createTestApp, TEST_DATABASES, testConfig, type TestContext } from '../../test/test-app.js';
import { bearer, signUpTestUser, uniqueIp, type TestUser } from '../../test/test-users.js';
import { rowsReferring, userColumns } from '../../test/user-tables.js';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe.each(TEST_DATABASES)('deleting an account on %s', (kind) => {
  let llm: FakeLlmServer;
  let stripe: FakeStripeServer;
  let storageDir: string;
  let context: TestContext;
  const api = gamificationClient(() => context.app);
  const kit = billingKit(() => context);

  beforeAll(async () => {
    llm = await startFakeLlmServer();
    stripe = await startFakeStripeServer();
    storageDir = await mkdtemp(path.join(tmpdir(), 'summa-deletion-'));
    context = await createTestApp(kind, {
      env: {
        LLM_BASE_URL: llm.baseUrl,
        LLM_MODEL: 'fake-model',
        STORAGE_DIR: storageDir,
        ...stripeEnv(stripe.apiBase),
        PUBLIC_URL: 'http://summa.example',
        // The rankings are cached as in production: a deletion must reach the cache.
        RANKING_REFRESH_MS: '60000',
      },
    });
  });
  afterAll(async () => {
    await context.close();
    await llm.close();
    await stripe.close();
    await rm(storageDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    llm.reset();
    llm.respondWith(bookResponder());
    stripe.reset();
  });

  const inject = (options: InjectOptions) => context.app.inject({ remoteAddress: uniqueIp(), ...options });
  const deleteAccount = (session: Session, payload: object) =>
    inject({ method: 'DELETE', url: '/api/me', headers: bearer(session), payload });
  const getUser = (session: Session) =>
    inject({ method: 'GET', url: '/api/auth/user', headers: bearer(session) });
  const refresh = (session: Session) =>
    inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: session.refresh_token } });
  const login = (user: TestUser) =>
    inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
  const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorResponse).error;
  const ranking = async (user: TestUser) => {
    const response = await inject({
      method: 'GET',
      url: '/api/ranking?scope=global',
      headers: bearer(user.session),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RankingResponse>();
  };
  const rankCountRows = () =>
    context.database.db.select().from(rankCounts).orderBy(rankCounts.scope, rankCounts.xp, rankCounts.shard);
  const avatarKeyOf = async (userId: string) =>
    (
      await context.database.db
        .select({ key: profiles.avatarKey })
        .from(profiles)
        .where(eq(profiles.id, userId))
    )[0]?.key ?? null;

  /** A reader with XP on the rankings, an uploaded avatar and a second signed-in device. */
  async function activeReader(title: string) {
    const reader = await signUpTestUser(context.app);
    const summaryId = await api.summaryFor(reader, title);
    await api.award(reader, 'read_summary', summaryId);
    await api.award(reader, 'share_summary', summaryId);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const uploaded = await inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { ...bearer(reader.session), 'content-type': 'image/png' },
      payload: png,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const avatarKey = await avatarKeyOf(reader.session.user.id);
    if (!avatarKey) throw new Error('no avatar stored');
    const nickname = `Leaving${Math.random().toString(36).slice(2, 8)}`;
    expect((await api.patchProfile(reader, { nickname })).statusCode).toBe(200);
    const otherDevice = (await login(reader)).json<Session>();
    // A comment approved for the landing, and a message sent through the contact page.
    const rated = await inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/feedback`,
      headers: bearer(reader.session),
      payload: { vote: 'up', comment: 'Leaving, but it was good.' },
    });
    expect(rated.statusCode, rated.body).toBe(204);
    await context.database.db
      .update(summaryFeedback)
      .set({ testimonialApprovedAt: new Date() })
      .where(eq(summaryFeedback.userId, reader.session.user.id));
    const wrote = await inject({
      method: 'POST',
      url: '/api/contact',
      headers: bearer(reader.session),
      payload: { name: 'Leaving Reader', email: reader.email, message: 'Please delete my data soon.' },
    });
    expect(wrote.statusCode, wrote.body).toBe(202);
    return { ...reader, id: reader.session.user.id, summaryId, avatarKey, otherDevice, nickname };
  }

  it('refuses a wrong or missing password and changes nothing', async () => {
    const reader = await signUpTestUser(context.app);
    const wrong = await deleteAccount(reader.session, { password: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe('WRONG_PASSWORD');
    const missing = await deleteAccount(reader.session, {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).code).toBe('PASSWORD_REQUIRED');
    expect((await getUser(reader.session)).statusCode).toBe(200);
    expect((await login(reader)).statusCode).toBe(200);
  });

  it('asks an account without a password for a Google sign-in of the last 10 minutes', async () => {
    const reader = await signUpTestUser(context.app);
    const { db } = context.database;
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, reader.session.user.id));

    const signedUp = await deleteAccount(reader.session, {});
    expect(signedUp.statusCode).toBe(403);
    expect(errorOf(signedUp).code).toBe('REAUTH_REQUIRED');

    // The session came from Google, but too long ago.
    await db
      .update(authSessions)
      .set({ signInMethod: 'google', createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(authSessions.userId, reader.session.user.id));
    const stale = await deleteAccount(reader.session, { password: 'anything' });
    expect(stale.statusCode).toBe(403);
    expect(errorOf(stale).code).toBe('REAUTH_REQUIRED');
    expect((await getUser(reader.session)).statusCode).toBe(200);

    await db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(authSessions.userId, reader.session.user.id));
    expect((await deleteAccount(reader.session, {})).statusCode).toBe(204);
    expect((await getUser(reader.session)).statusCode).toBe(401);
  });

  it('cancels the subscription, removes every personal row and the avatar, and ends every session', async () => {
    const reader = await activeReader('Deep Work');
    const observer = await signUpTestUser(context.app);
    await api.open(observer, reader.summaryId);
    await api.award(observer, 'read_summary', reader.summaryId);
    // Premium through Stripe.
    const checkout = await kit.post('/api/billing/checkout', reader, { interval: 'monthly' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const customerId = (await kit.row(reader.id))!.stripeCustomerId!;
    const subscription = subscriptionObject({ customer: customerId, userId: reader.id });
    stripe.subscriptions.set(subscription.id, subscription);
    expect(
      (
        await kit.send(
          checkoutCompleted({ customer: customerId, subscription: subscription.id, userId: reader.id }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await kit.row(reader.id))?.status).toBe('active');
    // The observer's cached ranking shows the reader first.
    const before = await ranking(observer);
    expect(before.entries[0]?.nickname).toBe(reader.nickname);
    expect(before.me?.rank).toBe(2);
    expect(await exists(path.join(storageDir, reader.avatarKey))).toBe(true);
    stripe.reset();

    const deleted = await deleteAccount(reader.session, { password: reader.password });
    expect(deleted.statusCode, deleted.body).toBe(204);

    expect(stripe.requests).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/v1/subscriptions/${subscription.id}` }),
    );
    for (const session of [reader.session, reader.otherDevice]) {
      expect((await getUser(session)).statusCode).toBe(401);
      expect((await refresh(session)).statusCode).toBe(401);
    }
    expect((await login(reader)).statusCode).toBe(401);
    const { db } = context.database;
    for (const column of await userColumns(db)) {
      expect(await rowsReferring(db, column, reader.id), `${column.table}.${column.column}`).toBe(0);
    }
    expect(await exists(path.join(storageDir, reader.avatarKey))).toBe(false);
    expect(await db.select().from(orphanedFiles)).toEqual([]);

    // Off the rankings at once, though they are cached; the shared summary stays.
    const after = await ranking(observer);
    expect(after.entries.map((entry) => entry.nickname)).not.toContain(reader.nickname);
    expect(after.me?.rank).toBe(1);
    const counted = (await rankCountRows()).filter((row) => row.scope === 'global' && row.readers !== 0);
    expect(counted.reduce((sum, row) => sum + row.readers, 0)).toBe((await ranking(observer)).entries.length);
    expect(await db.select().from(bookSummaries).where(eq(bookSummaries.id, reader.summaryId))).toHaveLength(
      1,
    );
    const summary = await inject({
      method: 'GET',
      url: `/api/summaries/${reader.summaryId}`,
      headers: bearer(observer.session),
    });
    expect(summary.statusCode).toBe(200);

    // The address is free again.
    const again = await signUpTestUser(context.app, { email: reader.email });
    expect(again.session.user.id).not.toBe(reader.id);
  });

  it('deletes nothing when Stripe refuses to cancel the subscription', async () => {
    const reader = await signUpTestUser(context.app);
    const id = reader.session.user.id;
    const checkout = await kit.post('/api/billing/checkout', reader, { interval: 'monthly' });
    expect(checkout.statusCode).toBe(200);
    const customerId = (await kit.row(id))!.stripeCustomerId!;
    const subscription = subscriptionObject({ customer: customerId, userId: id });
    stripe.subscriptions.set(subscription.id, subscription);
    await kit.send(checkoutCompleted({ customer: customerId, subscription: subscription.id, userId: id }));
    stripe.enqueue({ kind: 'status', status: 402 });

    const refused = await deleteAccount(reader.session, { password: reader.password });
    expect(refused.statusCode).toBe(502);
    expect(errorOf(refused).code).toBe('SUBSCRIPTION_CANCEL_FAILED');
    expect((await getUser(reader.session)).statusCode).toBe(200);
    expect((await kit.row(id))?.status).toBe('active');
  });

  it('leaves the account whole when the transaction fails half-way', async () => {
    const reader = await activeReader('Atomic Habits');
    const { db } = context.database;
    const countsBefore = await rankCountRows();
    const exportBefore = (
      await inject({ method: 'GET', url: '/api/me/export', headers: bearer(reader.session) })
    ).json<{ tables: Record<string, unknown[]> }>().tables;
    // A real failure inside the transaction, after the rank counts and the file record are written:
    // the database refuses to delete this reader's users row.
    await db.execute(sql`create or replace function summa_test_refuse_delete() returns trigger
      language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await db.execute(
      sql.raw(`create trigger summa_test_refuse_delete before delete on users for each row
      when (old.id = '${reader.id}') execute function summa_test_refuse_delete()`),
    );
    try {
      const failed = await deleteAccount(reader.session, { password: reader.password });
      expect(failed.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger summa_test_refuse_delete on users`);
    }

    expect(await rankCountRows()).toEqual(countsBefore);
    expect(await db.select().from(orphanedFiles)).toEqual([]);
    expect(await exists(path.join(storageDir, reader.avatarKey))).toBe(true);
    for (const session of [reader.session, reader.otherDevice]) {
      expect((await getUser(session)).statusCode).toBe(200);
    }
    const exportAfter = (
      await inject({ method: 'GET', url: '/api/me/export', headers: bearer(reader.session) })
    ).json<{ tables: Record<string, unknown[]> }>().tables;
    expect(exportAfter).toEqual(exportBefore);
  });

  it('removes at start the files of deleted accounts that a stopped process left', async () => {
    const key = `avatars/2026/11/${randomUUID()}.webp`;
    const file = path.join(storageDir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'left behind');
    const { db } = context.database;
    await db.insert(orphanedFiles).values({ key });

    const next = await buildApp({
      config: testConfig({ STORAGE_DIR: storageDir }),
      database: context.database,
    });
    await next.ready();
    await next.close();

    expect(await exists(file)).toBe(false);
    expect(await db.select().from(orphanedFiles)).toEqual([]);
  });
});
