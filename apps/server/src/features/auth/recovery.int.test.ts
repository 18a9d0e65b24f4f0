import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { ErrorResponse, Session } from '@summa/shared';
import { buildApp } from '../../app.js';
import { passwordResetTokens } from '../../db/schema/index.js';
import { listOutboxMessages } from '../../providers/mail/outbox.repository.js';
import { mailText, startFakeSmtpServer, type FakeSmtpServer } from '../../test/fake-smtp-server.js';
import {
  createTestApp,
  createTestDatabase,
  TEST_DATABASES,
  testConfig,
  type TestContext,
  type TestDatabase,
} from '../../test/test-app.js';
import { bearer, signUpTestUser, uniqueEmail, uniqueIp } from '../../test/test-users.js';

const RESET_LINK = /(https?:\/\/[^\s/]+)\/auth\/reset\?token=([\w-]+)/;

/** What an attacker sends to get a victim a reset link that leads to the attacker's site. */
const FORGED_HOST = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
};

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function useRecovery(getContext: () => TestContext) {
  const inject = (options: InjectOptions) =>
    getContext().app.inject({ remoteAddress: uniqueIp(), ...options });
  return {
    recover: (email: string, headers: Record<string, string> = {}) =>
      inject({ method: 'POST', url: '/api/auth/recover', payload: { email }, headers }),
    reset: (token: string, password: string) =>
      inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password } }),
    login: (email: string, password: string) =>
      inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } }),
    getUser: (session: Session) => inject({ method: 'GET', url: '/api/auth/user', headers: bearer(session) }),
  };
}

describe.each(TEST_DATABASES)('password recovery through the outbox on %s', (kind) => {
  let context: TestContext;
  beforeAll(async () => {
    // Trusting proxies, so that a forged X-Forwarded-Host would be believed if anything read it.
    context = await createTestApp(kind, { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await context.close();
  });
  const { recover, reset, login, getUser } = useRecovery(() => context);
  const mailsTo = (email: string) => listOutboxMessages(context.database.db, email);
  // The sign-up's confirmation mail goes to the same address: the reset mail is the one with its link.
  const resetMail = (email: string) =>
    eventually(async () => (await mailsTo(email)).find((message) => RESET_LINK.test(message.text)));

  it('answers the same whether or not the e-mail has an account, and mails only an account', async () => {
    const { email } = await signUpTestUser(context.app);
    const nobody = uniqueEmail('nobody');
    const known = await recover(email.toUpperCase());
    const unknown = await recover(nobody);
    expect(known.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(known.body).toBe(unknown.body);
    expect(known.headers['content-type']).toBe(unknown.headers['content-type']);

    const message = await resetMail(email);
    expect(message.to).toBe(email);
    // Give the unknown e-mail's background work the same time to (not) write anything, and its
    // mail job the time to run.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await context.app.mail.settled();
    expect(await mailsTo(nobody)).toEqual([]);
  });

  it("mails a one-hour link in the user's language to this server, whatever Host the request claims", async () => {
    const { email, password, session } = await signUpTestUser(context.app, {
      signup_language: 'es',
      full_name: 'Lucía',
    });
    // An attacker asks for a victim's reset link through a forged Host (and, since this app
    // trusts proxies, a forged X-Forwarded-Host): the link must still lead to this server only.
    await recover(email, FORGED_HOST);
    const message = await resetMail(email);
    expect(message.subject).toBe('Restablece tu contraseña de Summa');
    expect(message.text).toContain('Hola, Lucía:');
    expect(message.text).not.toContain('evil.example');
    const [, origin, token] = RESET_LINK.exec(message.text) ?? [];
    // Without PUBLIC_URL: localhost on the configured port (3000 by default).
    expect(origin).toBe('http://localhost:3000');
    const [stored] = await context.database.db
      .select({ ttl: sql<number>`extract(epoch from ${passwordResetTokens.expiresAt} - now())::int` })
      .from(passwordResetTokens);
    expect(stored?.ttl).toBeGreaterThan(3590);
    expect(stored?.ttl).toBeLessThanOrEqual(3600);

    expect((await reset(token!, '123')).statusCode).toBe(400);
    const response = await reset(token!, 'new secret');
    expect(response.statusCode).toBe(200);
    const fresh = response.json<Session>();
    expect(fresh.user.email).toBe(email);
    expect((await getUser(fresh)).statusCode).toBe(200);
    // Every earlier session is signed out; the old password no longer works.
    expect((await getUser(session)).statusCode).toBe(401);
    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(email, 'new secret')).statusCode).toBe(200);

    // The link works once.
    const again = await reset(token!, 'another secret');
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorResponse>().error.code).toBe('INVALID_TOKEN');
  });

  it('refuses an expired link and an unknown one', async () => {
    const { email, password } = await signUpTestUser(context.app);
    await recover(email);
    const [, , token] = RESET_LINK.exec((await resetMail(email)).text) ?? [];
    await context.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` });
    const expired = await reset(token!, 'new secret');
    expect(expired.statusCode).toBe(400);
    expect(expired.json<ErrorResponse>().error.code).toBe('INVALID_TOKEN');
    expect((await reset('made-up-token', 'new secret')).statusCode).toBe(400);
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('links to the port it listens on when PORT=0 picked a free one', async () => {
    const app = await buildApp({ config: testConfig({ PORT: '0' }), database: context.database });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      expect(port).toBeGreaterThan(0);
      const { email } = await signUpTestUser(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/recover',
        payload: { email },
        headers: FORGED_HOST,
        remoteAddress: uniqueIp(),
      });
      expect(response.statusCode).toBe(204);
      const [, origin] = RESET_LINK.exec((await resetMail(email)).text) ?? [];
      expect(origin).toBe(`http://localhost:${port}`);
    } finally {
      await app.close();
    }
  });

  it('refuses an invalid e-mail with 400', async () => {
    const response = await recover('not an e-mail');
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('password recovery through SMTP', () => {
  let smtp: FakeSmtpServer;
  let context: TestContext;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    context = await createTestApp('pglite', {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Summa <no-reply@summa.test>',
        PUBLIC_URL: 'https://summa.test/',
      },
    });
  });
  afterAll(async () => {
    await context.close();
    await smtp.close();
  });
  const { recover, reset, login } = useRecovery(() => context);

  it('sends the reset link through the SMTP server, in the language of the user', async () => {
    const { email } = await signUpTestUser(context.app, { signup_language: 'pt', full_name: 'João' });
    expect(context.app.mail.kind).toBe('smtp');
    expect((await recover(email, FORGED_HOST)).statusCode).toBe(204);
    const raw = await eventually(
      async () =>
        smtp.received.find(({ raw }) => raw.includes(email) && raw.includes('Subject: Redefina'))?.raw,
    );
    expect(raw).toMatch(/^From: Summa <no-reply@summa\.test>/m);
    expect(raw).toContain('Subject: Redefina sua senha do Summa');
    const text = mailText(raw);
    expect(text).toContain('Olá, João!');
    const [, origin, token] = RESET_LINK.exec(text) ?? [];
    // PUBLIC_URL, never the Host the request claims.
    expect(origin).toBe('https://summa.test');
    expect(text).not.toContain('evil.example');
    expect((await reset(token!, 'via smtp')).statusCode).toBe(200);
    expect((await login(email, 'via smtp')).statusCode).toBe(200);
  });

  it('sends nothing for an unknown e-mail, with the same answer', async () => {
    const before = smtp.received.length;
    expect((await recover(uniqueEmail('ghost'))).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Its mail job has run (and found no account).
    await context.app.mail.settled();
    expect(smtp.received.length).toBe(before);
  });
});

describe('the PUBLIC_URL warning', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  /** The warnings (or, at `level` info, the lines) an app logs while it is built with this environment. */
  async function startWarnings(env: Record<string, string>, level = 'warn'): Promise<string[]> {
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: level, ...env }),
      database,
      logStream: { write: (line) => lines.push(line) },
    });
    await app.close();
    return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
  }

  it('is logged at start in production without PUBLIC_URL, naming the fallback', async () => {
    const warnings = await startWarnings({ NODE_ENV: 'production', PORT: '8080' });
    expect(warnings).toContainEqual(expect.stringMatching(/^PUBLIC_URL is unset: .*http:\/\/localhost:8080/));
  });

  it('is not logged when PUBLIC_URL is set, nor outside production', async () => {
    const isAboutPublicUrl = (message: string) => message.includes('PUBLIC_URL');
    const configured = await startWarnings({ NODE_ENV: 'production', PUBLIC_URL: 'https://summa.example' });
    expect(configured.filter(isAboutPublicUrl)).toEqual([]);
    const development = await startWarnings({ NODE_ENV: 'development' });
    expect(development.filter(isAboutPublicUrl)).toEqual([]);
  });

  it('is a quiet note, not a warning, when the log is for a person at a terminal', async () => {
    const env = { NODE_ENV: 'production', PORT: '8080', LOG_FORMAT: 'pretty' };
    expect((await startWarnings(env)).filter((message) => message.includes('PUBLIC_URL'))).toEqual([]);
    expect(await startWarnings(env, 'info')).toContainEqual(
      expect.stringMatching(/^Links in e-mails point to http:\/\/localhost:8080; set PUBLIC_URL/),
    );
  });
});
