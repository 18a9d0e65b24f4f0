import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HTTPMethods, InjectOptions } from 'fastify';
import type {
  AdminAuditEntry,
  AdminContactMessage,
  AdminFeedback,
  AdminReader,
  AdminSummary,
  AdminUsageResponse,
  HistoryResponse,
  SummaryContent,
} from '@summa/shared';
import { buildApp } from '../../app.js';
import { adminAudit, bookSummaries, users } from '../../db/schema/index.js';
import { useAppWithFakeModels } from '../../test/app-with-fake-models.js';
import { readerClient } from '../../test/reader-client.js';
import { TEST_DATABASES, testConfig } from '../../test/test-app.js';
import {
  bearer,
  confirmTestUser,
  signUpTestAdmin,
  signUpTestUser,
  uniqueEmail,
  uniqueIp,
  type TestUser,
} from '../../test/test-users.js';

// The admin console (ADR 0030), on one app per database: its guards, its actions and their audit rows.
describe.each(TEST_DATABASES)('the admin console on %s', (kind) => {
  const adminEmail = uniqueEmail('console-admin');
  const context = useAppWithFakeModels(kind, { env: { ADMIN_EMAILS: adminEmail } });
  const readers = readerClient(() => context.app);
  let admin: TestUser | undefined;

  async function theAdmin(): Promise<TestUser> {
    admin ??= await signUpTestAdmin(context.app, { email: adminEmail });
    return admin;
  }

  const call = (method: HTTPMethods, url: string, caller?: TestUser, payload?: object) =>
    context.app.inject({
      method,
      url,
      headers: { ...(caller ? bearer(caller.session) : {}), 'accept-language': 'en' },
      remoteAddress: uniqueIp(),
      ...(payload ? { payload } : {}),
    } satisfies InjectOptions);

  async function ok<T>(method: HTTPMethods, url: string, caller: TestUser, payload?: object): Promise<T> {
    const response = await call(method, url, caller, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return (response.statusCode === 204 ? null : response.json()) as T;
  }

  async function auditOf(targetId: string) {
    return context.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, targetId));
  }

  it('answers 401 without a session and 403 to a reader, on every /api/admin endpoint of the OpenAPI document', async () => {
    const reader = await signUpTestUser(context.app);
    const document = context.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths ?? {})
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({
          method: method.toUpperCase(),
          url: path.replace(/\{\w+\}/g, randomUUID()),
        })),
      );
    // The console's own endpoints are among them (and the older ones: status, grants, people).
    expect(operations.length).toBeGreaterThanOrEqual(20);
    for (const { method, url } of operations) {
      const payload = method === 'GET' || method === 'HEAD' ? undefined : {};
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, reader, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('finds readers by e-mail or nickname, with plan, role, language and usage', async () => {
    const me = await theAdmin();
    const reader = await signUpTestUser(context.app, { signup_language: 'es' });
    const nickname = `nick${randomUUID().slice(0, 8)}`;
    await ok('PATCH', '/api/me/profile', reader, { nickname });
    await readers.summaryFor(reader, 'The Pragmatic Programmer', 'Hunt', 'es');
    const byNickname = await ok<{ readers: AdminReader[] }>(
      'GET',
      `/api/admin/readers?q=${nickname.toUpperCase()}`,
      me,
    );
    expect(byNickname.readers).toEqual([
      expect.objectContaining({
        id: reader.session.user.id,
        email: reader.email,
        nickname,
        role: 'user',
        plan: 'free',
        language: 'es',
        summariesThisMonth: 1,
        audiosThisMonth: 0,
      }),
    ]);
    expect(byNickname.readers[0]?.lastSeenAt).not.toBeNull();
    const byEmail = await ok<{ readers: AdminReader[] }>(
      'GET',
      `/api/admin/readers?q=${encodeURIComponent(reader.email.slice(0, 12))}`,
      me,
    );
    expect(byEmail.readers.map((r) => r.id)).toContain(reader.session.user.id);
  });

  it('makes and unmakes admins in the database, never the last one, and ADMIN_EMAILS only seeds them', async () => {
    const me = await theAdmin();
    const unproven = await signUpTestUser(context.app);
    const refused = await call('PUT', `/api/admin/readers/${unproven.session.user.id}/role`, me, {
      role: 'admin',
    });
    expect(refused.json()).toMatchObject({ error: { code: 'EMAIL_NOT_CONFIRMED' } });

    // The only admin cannot unmake themselves, and the refusal leaves no audit row.
    const alone = await call('PUT', `/api/admin/readers/${me.session.user.id}/role`, me, { role: 'user' });
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toMatchObject({ error: { code: 'LAST_ADMIN' } });
    expect(await auditOf(me.session.user.id)).toEqual([]);

    const other = await signUpTestUser(context.app);
    await confirmTestUser(context.app, other.email);
    const made = await ok<{ reader: AdminReader }>(
      'PUT',
      `/api/admin/readers/${other.session.user.id}/role`,
      me,
      {
        role: 'admin',
      },
    );
    expect(made.reader.role).toBe('admin');
    // Their own token reaches the console at once: the role is read from the database.
    expect((await call('GET', '/api/admin/audit', other)).statusCode).toBe(200);
    expect(await auditOf(other.session.user.id)).toEqual([
      expect.objectContaining({ action: 'role.change', adminEmail, targetLabel: other.email }),
    ]);

    // A restart whose ADMIN_EMAILS lists neither: both stay admins (the list seeds, never demotes).
    const restarted = await buildApp({
      config: testConfig({ ADMIN_EMAILS: '' }),
      database: context.database,
    });
    await restarted.ready();
    await restarted.close();
    const roles = await context.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, other.session.user.id));
    expect(roles).toEqual([{ role: 'admin' }]);

    // With two admins, one may step down; the other is then the last.
    await ok('PUT', `/api/admin/readers/${other.session.user.id}/role`, other, { role: 'user' });
    expect((await call('GET', '/api/admin/audit', other)).statusCode).toBe(403);
  });

  it('signs a reader out everywhere: their access and refresh tokens stop working', async () => {
    const me = await theAdmin();
    const reader = await signUpTestUser(context.app);
    expect((await call('GET', '/api/auth/user', reader)).statusCode).toBe(200);
    await ok('POST', `/api/admin/readers/${reader.session.user.id}/sign-out`, me);
    expect((await call('GET', '/api/auth/user', reader)).statusCode).toBe(401);
    const refresh = await call('POST', '/api/auth/refresh', undefined, {
      refresh_token: reader.session.refresh_token,
    });
    expect(refresh.statusCode).toBe(401);
    expect(await auditOf(reader.session.user.id)).toEqual([
      expect.objectContaining({ action: 'reader.sign-out', targetLabel: reader.email }),
    ]);
  });

  it('deletes an account through the account feature, as the reader could, with its audit row', async () => {
    const me = await theAdmin();
    const reader = await signUpTestUser(context.app);
    const id = reader.session.user.id;
    await ok('DELETE', `/api/admin/readers/${id}`, me);
    expect(await context.database.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect((await call('GET', '/api/auth/user', reader)).statusCode).toBe(401);
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({ action: 'reader.delete', targetLabel: reader.email }),
    ]);
    expect((await call('DELETE', `/api/admin/readers/${id}`, me)).statusCode).toBe(404);
    // An admin's account is not deleted from here (unmake them first).
    const ownAccount = await call('DELETE', `/api/admin/readers/${me.session.user.id}`, me);
    expect(ownAccount.statusCode).toBe(409);
    expect(ownAccount.json()).toMatchObject({ error: { code: 'ADMIN_ACCOUNT' } });
  });

  it("removes a summary: its readers' histories say so; the editors' summaries stay (409)", async () => {
    const me = await theAdmin();
    const reader = await signUpTestUser(context.app);
    const summaryId = await readers.summaryFor(reader, 'Thinking, Fast and Slow', 'Kahneman');
    const listed = await ok<{ summaries: AdminSummary[] }>(
      'GET',
      '/api/admin/summaries?q=thinking%20fast',
      me,
    );
    expect(listed.summaries.map((s) => s.id)).toContain(summaryId);
    const opened = await ok<{ summary: AdminSummary; content: SummaryContent }>(
      'GET',
      `/api/admin/summaries/${summaryId}`,
      me,
    );
    expect(opened.summary).toMatchObject({ id: summaryId, readers: 1, source: 'model' });

    await ok('DELETE', `/api/admin/summaries/${summaryId}`, me);
    const history = await ok<HistoryResponse>('GET', '/api/history', reader);
    expect(history.items).toEqual([
      expect.objectContaining({ summaryId, title: opened.summary.title, removed: true }),
    ]);
    expect((await call('GET', `/api/summaries/${summaryId}`, reader)).statusCode).toBe(404);
    expect(await auditOf(summaryId)).toEqual([
      expect.objectContaining({ action: 'summary.remove', targetLabel: opened.summary.title }),
    ]);
    expect((await call('DELETE', `/api/admin/summaries/${summaryId}`, me)).statusCode).toBe(404);

    const [editorial] = await context.database.db
      .insert(bookSummaries)
      .values({
        normKey: `editorial ${randomUUID()}`,
        title: 'An Editorial Book',
        author: 'The Editors',
        language: 'en',
        kind: 'nonfiction',
        content: opened.content,
        related: [],
        model: 'editorial',
        source: 'editorial',
      })
      .returning({ id: bookSummaries.id });
    const kept = await call('DELETE', `/api/admin/summaries/${editorial?.id ?? ''}`, me);
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toMatchObject({ error: { code: 'EDITORIAL_SUMMARY' } });
    expect(await auditOf(editorial?.id ?? '')).toEqual([]);
  });

  it('regenerates a summary through the single flight, with its audit row', async () => {
    const me = await theAdmin();
    const reader = await signUpTestUser(context.app);
    const summaryId = await readers.summaryFor(reader, 'Deep Work', 'Newport');
    const calls = context.llm.requests.length;
    const again = await call('POST', `/api/admin/summaries/${summaryId}/regenerate`, me);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ summary: { id: summaryId, readers: 1 } });
    expect(context.llm.requests.length).toBeGreaterThan(calls);
    expect(await auditOf(summaryId)).toEqual([expect.objectContaining({ action: 'summary.regenerate' })]);
  });

  it('lists contact messages and marks one handled', async () => {
    const me = await theAdmin();
    const sent = await call('POST', '/api/contact', undefined, {
      name: 'Maria',
      email: uniqueEmail('contact'),
      message: 'A message for the team, long enough.',
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const inbox = await ok<{ messages: AdminContactMessage[] }>('GET', '/api/admin/contact-messages', me);
    const message = inbox.messages.find((m) => m.name === 'Maria' && m.handledAt === null);
    expect(message).toBeDefined();
    const id = message?.id ?? '';

    const handled = await ok<{ message: AdminContactMessage }>(
      'PUT',
      `/api/admin/contact-messages/${id}/handled`,
      me,
    );
    expect(handled.message.handledAt).not.toBeNull();
    expect(await auditOf(id)).toEqual([expect.objectContaining({ action: 'contact.handled' })]);
    expect((await call('PUT', `/api/admin/contact-messages/${randomUUID()}/handled`, me)).statusCode).toBe(
      404,
    );
  });

  it('lists feedback, approves a comment for the landing and withdraws it, each audited', async () => {
    const me = await theAdmin();
    const reader = await signUpTestUser(context.app);
    await ok('PATCH', '/api/me/profile', reader, { nickname: `fan${randomUUID().slice(0, 8)}` });
    const summaryId = await readers.summaryFor(reader, 'Atomic Habits', 'James Clear');
    await ok('POST', `/api/summaries/${summaryId}/feedback`, reader, {
      vote: 'up',
      comment: 'Clear and useful.',
    });
    const listed = await ok<{ feedback: AdminFeedback[] }>('GET', '/api/admin/feedback', me);
    const feedback = listed.feedback.find((f) => f.summaryId === summaryId);
    expect(feedback).toMatchObject({
      vote: 'up',
      comment: 'Clear and useful.',
      eligible: true,
      approvedAt: null,
    });
    const feedbackId = feedback?.feedbackId ?? '';

    await ok('PUT', `/api/admin/testimonials/${feedbackId}`, me);
    const approved = await ok<{ feedback: AdminFeedback[] }>('GET', '/api/admin/feedback', me);
    expect(approved.feedback.find((f) => f.feedbackId === feedbackId)?.approvedAt).not.toBeNull();
    await ok('DELETE', `/api/admin/testimonials/${feedbackId}`, me);
    const withdrawn = await ok<{ feedback: AdminFeedback[] }>('GET', '/api/admin/feedback', me);
    expect(withdrawn.feedback.find((f) => f.feedbackId === feedbackId)?.approvedAt).toBeNull();
    expect((await auditOf(feedbackId)).map((row) => row.action).sort()).toEqual([
      'testimonial.approve',
      'testimonial.withdraw',
    ]);
  });

  it('computes the usage numbers from the usage log, and lists the audit log newest first', async () => {
    const me = await theAdmin();
    const before = await ok<AdminUsageResponse>('GET', '/api/admin/usage', me);
    const first = await signUpTestUser(context.app);
    const second = await signUpTestUser(context.app);
    const title = `Usage Book ${randomUUID().slice(0, 8)}`;
    await readers.summaryFor(first, title, 'Counter');
    await readers.summaryFor(second, title, 'Counter');
    const today = new Date().toISOString().slice(0, 10);
    const day = (usage: AdminUsageResponse) => usage.days.find((d) => d.day === today);
    // The usage log is written beside the request, not before its answer.
    let after = before;
    await expect
      .poll(async () => {
        after = await ok<AdminUsageResponse>('GET', '/api/admin/usage', me);
        return (
          after.model.runs - before.model.runs + (day(after)?.summaries ?? 0) - (day(before)?.summaries ?? 0)
        );
      })
      .toBe(3);
    expect(after.days).toHaveLength(30);
    expect(after.days.at(-1)?.day).toBe(today);
    expect((day(after)?.summaries ?? 0) - (day(before)?.summaries ?? 0)).toBe(2);
    expect((day(after)?.activeReaders ?? 0) - (day(before)?.activeReaders ?? 0)).toBe(2);
    expect(after.model.runs - before.model.runs).toBe(1);
    expect(after.model.averageMs).not.toBeNull();
    expect(after.cacheHitRate).toBeGreaterThan(0);
    expect(after.activeReadersWeek).toBeGreaterThanOrEqual(2);

    const audit = await ok<{ entries: AdminAuditEntry[] }>('GET', '/api/admin/audit', me);
    const times = audit.entries.map((entry) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers 404 for unknown ids', async () => {
    const me = await theAdmin();
    const id = randomUUID();
    for (const [method, url, payload] of [
      ['PUT', `/api/admin/readers/${id}/role`, { role: 'admin' }],
      ['POST', `/api/admin/readers/${id}/sign-out`, undefined],
      ['DELETE', `/api/admin/readers/${id}`, undefined],
      ['GET', `/api/admin/summaries/${id}`, undefined],
      ['DELETE', `/api/admin/summaries/${id}`, undefined],
      ['POST', `/api/admin/summaries/${id}/regenerate`, undefined],
      ['PUT', `/api/admin/contact-messages/${id}/handled`, undefined],
      ['PUT', `/api/admin/testimonials/${id}`, undefined],
    ] as const) {
      expect((await call(method, url, me, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await auditOf(id)).toEqual([]);
  });
});
