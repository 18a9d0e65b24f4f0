import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { Session } from '@summa/shared';
import { buildApp, type App } from '../app.js';
import { mailOutbox } from '../db/schema/index.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../test/test-app.js';
import { bearer, mailedToken, uniqueEmail, uniqueIp } from '../test/test-users.js';

/**
 * The logs of a real app (the production logger options, at trace level so that every line is
 * written) through sign-up, login, refresh and the rest: no password, token or Authorization
 * header value may appear in them.
 */
describe('the logs', () => {
  const lines: string[] = [];
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'trace', CONTACT_TO: 'editors@summa.test' }),
      database,
      logStream: { write: (line) => lines.push(line) },
    });
    // A careless route that logs the whole request: redaction must still hide the secrets.
    app.post('/api/test/careless', async (request) => {
      request.log.info({ req: request, headers: request.headers, body: request.body }, 'everything');
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const inject = (options: InjectOptions) => app.inject({ remoteAddress: uniqueIp(), ...options });
  const sessionOf = async (url: string, payload: Record<string, string>) => {
    const response = await inject({ method: 'POST', url, payload });
    expect(response.statusCode, url).toBeLessThan(300);
    return response.json<Session>();
  };
  const signUp = (email: string, password: string, fullName: string) =>
    sessionOf('/api/auth/signup', { email, password, full_name: fullName, signup_language: 'en' });

  it('never contain a password, a refresh or access token, or the Authorization header', async () => {
    const email = uniqueEmail('logged');
    const password = 'first-secret-passphrase';
    const newPassword = 'second-secret-passphrase';
    const wrongPassword = 'wrong-secret-passphrase';

    const signedUp = await signUp(email, password, 'Logged Reader');
    const loggedIn = await sessionOf('/api/auth/login', { email, password });
    const refreshed = await sessionOf('/api/auth/refresh', { refresh_token: loggedIn.refresh_token });
    // An unknown refresh token and a wrong password: both answered 401, neither logged.
    const unknownRefresh = 'made-up-refresh-token-0123456789';
    expect(
      (await inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: unknownRefresh } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: wrongPassword } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await inject({ method: 'GET', url: '/api/auth/user', headers: bearer(refreshed) })).statusCode,
    ).toBe(200);
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/me/password',
          headers: bearer(refreshed),
          payload: { currentPassword: password, newPassword },
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/test/careless',
          headers: { ...bearer(refreshed), cookie: `session=${refreshed.refresh_token}` },
          payload: { password, refresh_token: refreshed.refresh_token, access_token: refreshed.access_token },
        })
      ).statusCode,
    ).toBe(200);

    const log = lines.join('');
    // The capture works: every call above is in it, and the careless route's fields were redacted.
    for (const url of ['/api/auth/signup', '/api/auth/login', '/api/auth/refresh', '/api/me/password']) {
      expect(log).toContain(`"url":"${url}"`);
    }
    expect(log).toContain('"msg":"everything"');
    expect(log).toContain('[Redacted]');

    const tokens = [signedUp, loggedIn, refreshed].flatMap((session) => [
      session.access_token,
      session.access_token.split('.')[2] ?? session.access_token,
      session.refresh_token,
    ]);
    const secrets = [password, newPassword, wrongPassword, unknownRefresh, ...tokens];
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/Bearer /i);
  });

  it('never contain a mailed link, its one-time token or a mail body, and name the request of mail sent for it', async () => {
    const email = uniqueEmail('mailed');
    const password = 'third-secret-passphrase';
    const resetPassword = 'fourth-secret-passphrase';
    const signedUp = await signUp(email, password, 'Mailed Reader');
    const confirmToken = await mailedToken(app, email, '/auth/confirm');
    expect(
      (await inject({ method: 'POST', url: '/api/auth/confirm', payload: { token: confirmToken } }))
        .statusCode,
    ).toBe(204);

    const recover = await inject({ method: 'POST', url: '/api/auth/recover', payload: { email } });
    expect(recover.statusCode).toBeLessThan(300);
    const resetToken = await mailedToken(app, email, '/auth/reset');
    const reset = await sessionOf('/api/auth/reset', { token: resetToken, password: resetPassword });

    const newEmail = uniqueEmail('moved');
    const change = await inject({
      method: 'POST',
      url: '/api/me/email',
      headers: bearer(reset),
      payload: { newEmail, password: resetPassword },
    });
    expect(change.statusCode, change.body).toBeLessThan(300);
    const changeToken = await mailedToken(app, newEmail, '/auth/confirm');

    const contactMessage = 'A private note for the editors about a book, not for any log';
    const contact = await inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Mailed Reader', email, message: contactMessage },
    });
    expect(contact.statusCode, contact.body).toBeLessThan(300);
    await app.mail.settled();

    const bodies = (await app.db.select({ body: mailOutbox.body }).from(mailOutbox)).map((row) => row.body);
    expect(bodies.length).toBeGreaterThanOrEqual(4);
    const log = lines.join('');
    const mailed = bodies.flatMap((body) => [
      body,
      ...body.split('\n').filter((line) => line.trim().length > 20),
      ...[...body.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]),
    ]);
    const secrets = [
      password,
      resetPassword,
      confirmToken,
      resetToken,
      changeToken,
      contactMessage,
      signedUp.refresh_token,
      reset.refresh_token,
      reset.access_token,
      ...mailed,
    ];
    for (const secret of secrets) expect(log).not.toContain(secret);

    // The recovery mail goes out in the background, after the answer: its line still names the request.
    const recoverId = recover.headers['x-request-id'];
    const outboxLines = lines.filter((line) => line.includes('mail stored in the outbox'));
    expect(outboxLines.some((line) => line.includes(`"reqId":"${String(recoverId)}"`))).toBe(true);
  });
});
