import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { translations } from '@summa/shared';
import { buildApp, type App } from '../app.js';
import type { DatabaseKind } from '../db/database.js';
import { mailText, startFakeSmtpServer, type FakeSmtpServer } from '../test/fake-smtp-server.js';
import { createTestDatabase, TEST_DATABASES, testConfig, type TestDatabase } from '../test/test-app.js';
import { signUpTestUser, uniqueIp } from '../test/test-users.js';

const RESET_SUBJECT = `Subject: ${translations.en.authMail.resetPassword.subject}`;
const RESET_TOKEN = /\/auth\/reset\?token=([\w-]+)/;
/** A refused mail's first wait in these tests (the queue's is 30 s). */
const RETRY_DELAY_SECONDS = 1;

describe.each(TEST_DATABASES)('e-mail as jobs of the queue on %s', (kind: DatabaseKind) => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function start<T extends { close(): Promise<void> }>(opened: Promise<T>): Promise<T> {
    const value = await opened;
    closers.push(() => value.close());
    return value;
  }

  /** An app of `role` on `database`, mailing through `smtp`, with the queue's waits shortened. */
  async function appOn(database: TestDatabase, smtp: FakeSmtpServer, role: 'all' | 'web' | 'worker') {
    const app = await buildApp({
      config: testConfig({
        SMTP_URL: smtp.url,
        SUMMA_ROLE: role,
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      }),
      database,
      jobQueue: { pollSeconds: 0.5, superviseSeconds: 1 },
      mailRetryDelaySeconds: RETRY_DELAY_SECONDS,
    });
    await app.ready();
    closers.push(() => app.close());
    return app;
  }

  /** Asks for a reset link for `email` (its mail is queued in the background). */
  async function recover(app: App, email: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email },
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(204);
  }

  const resetMails = (smtp: FakeSmtpServer, email: string) =>
    smtp.received.flatMap(({ raw }) => (raw.includes(email) && raw.includes(RESET_SUBJECT) ? [raw] : []));

  /** The mail jobs' states and data as stored (pg-boss's own table). */
  async function mailJobs(database: TestDatabase) {
    const result = await database.db.execute(
      sql`select state, data::text as data from pgboss.job where name = 'mail' order by created_on`,
    );
    return z.object({ rows: z.array(z.object({ state: z.string(), data: z.string() })) }).parse(result).rows;
  }

  it.skipIf(kind === 'pglite')(
    'a web instance only queues a mail; one of two workers sends it, once, and no token is stored',
    async () => {
      const [database, smtp] = await Promise.all([
        start(createTestDatabase(kind)),
        start(startFakeSmtpServer()),
      ]);
      const web = await appOn(database, smtp, 'web');
      const { email } = await signUpTestUser(web, { signup_language: 'en' });
      await recover(web, email);
      await web.mail.settled();
      // Nobody works here: both mails (the sign-up's and the reset) wait in the queue, with ids.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.received).toEqual([]);
      const waiting = await mailJobs(database);
      expect(waiting.map((job) => job.state)).toEqual(['created', 'created']);
      expect(waiting.map((job) => JSON.parse(job.data) as { mail: string })).toMatchObject([
        { mail: 'confirm-email' },
        { mail: 'reset-password', data: { email } },
      ]);

      const workers = [await appOn(database, smtp, 'worker'), await appOn(database, smtp, 'worker')];
      await vi.waitFor(() => expect(resetMails(smtp, email)).toHaveLength(1), { timeout: 10_000 });
      for (const worker of workers) await worker.mail.settled();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(resetMails(smtp, email)).toHaveLength(1);
      expect(smtp.received).toHaveLength(2);
      // The link's token was made by the worker, and never stored in a job.
      const token = RESET_TOKEN.exec(mailText(resetMails(smtp, email)[0] ?? ''))?.[1];
      expect(token).toMatch(/^[\w-]{20,}$/);
      const jobs = await mailJobs(database);
      expect(jobs.map((job) => job.state)).toEqual(['completed', 'completed']);
      expect(jobs.filter((job) => job.data.includes(token ?? '-'))).toEqual([]);
    },
    30_000,
  );

  it('tries a mail the server refused again, later, and sends it once', async () => {
    const [database, smtp] = await Promise.all([
      start(createTestDatabase(kind)),
      start(startFakeSmtpServer()),
    ]);
    const app = await appOn(database, smtp, 'all');
    const { email } = await signUpTestUser(app, { signup_language: 'en' });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 10_000 });
    smtp.refuse(2);
    await recover(app, email);
    await vi.waitFor(() => expect(resetMails(smtp, email)).toHaveLength(1), { timeout: 20_000 });
    // The sign-up's mail, then the reset refused twice and kept the third time.
    expect(smtp.attempts).toHaveLength(4);
    const [, first = 0, second = 0, third = 0] = smtp.attempts;
    // The first retry waited at least the delay, the second at least twice as long (back-off).
    expect(second - first).toBeGreaterThanOrEqual(RETRY_DELAY_SECONDS * 1000 - 100);
    expect(third - second).toBeGreaterThanOrEqual(2 * RETRY_DELAY_SECONDS * 1000 - 100);
    await app.mail.settled();
    expect(resetMails(smtp, email)).toHaveLength(1);
  }, 40_000);

  it('loses no mail queued before the app closed: the next worker sends it', async () => {
    const [database, smtp] = await Promise.all([
      start(createTestDatabase(kind)),
      start(startFakeSmtpServer()),
    ]);
    // On PostgreSQL a web instance (it never sends); on the embedded database the one process,
    // whose mail server refuses everything until it has closed.
    const first = await appOn(database, smtp, kind === 'pglite' ? 'all' : 'web');
    const { email } = await signUpTestUser(first, { signup_language: 'en' });
    smtp.refuse(Number.POSITIVE_INFINITY);
    await recover(first, email);
    // Closed at once: the mail being queued is stored before the app's queue stops.
    await first.close();
    expect(resetMails(smtp, email)).toEqual([]);
    const stored = await mailJobs(database);
    expect(stored.some((job) => job.data.includes('reset-password') && job.state !== 'completed')).toBe(true);

    smtp.refuse(0);
    const next = await appOn(database, smtp, kind === 'pglite' ? 'all' : 'worker');
    await vi.waitFor(() => expect(resetMails(smtp, email)).toHaveLength(1), { timeout: 20_000 });
    await next.mail.settled();
    expect(resetMails(smtp, email)).toHaveLength(1);
  }, 40_000);
});
