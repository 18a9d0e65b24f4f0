import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  translations,
  type AccountSessionsResponse,
  type ErrorResponse,
  type Session,
  type UserResponse,
} from '@summa/shared';
import { authSessions, mailOutbox, users } from '../../db/schema/index.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { bearer, mailedToken, signUpTestUser, uniqueEmail, uniqueIp } from '../../test/test-users.js';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe.each(TEST_DATABASES)("a reader's password, address and devices on %s", (kind) => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp(kind, { env: { PUBLIC_URL: 'http://summa.example' } });
  });
  afterAll(async () => {
    await context.close();
  });

  const inject = (options: InjectOptions) => context.app.inject({ remoteAddress: uniqueIp(), ...options });
  const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorResponse).error;
  const login = (email: string, password: string, userAgent?: string) =>
    inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: userAgent ? { 'user-agent': userAgent } : {},
    });
  const refresh = (refreshToken: string) =>
    inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: refreshToken } });
  const getUser = (token: string) => inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
  const changePassword = (session: Session, payload: object) =>
    inject({ method: 'POST', url: '/api/me/password', headers: bearer(session), payload });
  const changeEmail = (session: Session, payload: object) =>
    inject({ method: 'POST', url: '/api/me/email', headers: bearer(session), payload });
  const listSessions = (session: Session) =>
    inject({ method: 'GET', url: '/api/me/sessions', headers: bearer(session) });
  const endSession = (session: Session, id: string) =>
    inject({ method: 'DELETE', url: `/api/me/sessions/${id}`, headers: bearer(session) });
  const mailsTo = (email: string) =>
    context.database.db
      .select({ subject: mailOutbox.subject, body: mailOutbox.body })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email))
      .orderBy(desc(mailOutbox.createdAt));
  async function waitForMail(email: string, subject: string) {
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const found = (await mailsTo(email)).find((mail) => mail.subject === subject);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no "${subject}" mailed to ${email}`);
  }
  /** An account made with Google: no password (the sign-in itself is not under test here). */
  async function withoutPassword(email: string) {
    await context.database.db.update(users).set({ passwordHash: null }).where(eq(users.email, email));
  }

  it('answers 401 without a session, whatever the body', async () => {
    const calls: (InjectOptions & { url: string })[] = [
      { method: 'POST', url: '/api/me/password', payload: { newPassword: 'brand new' } },
      { method: 'POST', url: '/api/me/email', payload: { newEmail: uniqueEmail(), password: 'x' } },
      { method: 'GET', url: '/api/me/sessions' },
      { method: 'DELETE', url: '/api/me/sessions/00000000-0000-4000-8000-000000000000' },
    ];
    for (const call of calls) {
      const response = await inject(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHORIZED');
    }
  });

  describe('POST /api/me/password', () => {
    it('changes the password, keeps this session, signs out the others and tells the reader', async () => {
      const { session, email, password } = await signUpTestUser(context.app, { signup_language: 'es' });
      const other = (await login(email, password)).json<Session>();

      expect(
        (await changePassword(session, { currentPassword: password, newPassword: '123' })).statusCode,
      ).toBe(400);
      const changed = await changePassword(session, { currentPassword: password, newPassword: 'brand new' });
      expect(changed.statusCode).toBe(204);
      expect((await getUser(session.access_token)).statusCode).toBe(200);
      expect((await getUser(other.access_token)).statusCode).toBe(401);
      expect((await refresh(other.refresh_token)).statusCode).toBe(401);
      expect((await refresh(session.refresh_token)).statusCode).toBe(200);
      expect((await login(email, password)).statusCode).toBe(401);
      expect((await login(email, 'brand new')).statusCode).toBe(200);

      const notice = await waitForMail(email, translations.es.authMail.passwordChanged.subject);
      expect(notice.body).toContain('Test Reader');
      expect(notice.body).toContain('http://summa.example/auth');
    });

    it('refuses a wrong or missing current password with a translated code and changes nothing', async () => {
      const { session, email, password } = await signUpTestUser(context.app);
      const other = (await login(email, password)).json<Session>();

      const wrong = await inject({
        method: 'POST',
        url: '/api/me/password',
        headers: { ...bearer(session), 'accept-language': 'en' },
        payload: { currentPassword: 'not it', newPassword: 'brand new' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(errorOf(wrong)).toEqual({
        code: 'WRONG_PASSWORD',
        message: translations.en.errors.WRONG_PASSWORD,
      });
      const missing = await changePassword(session, { newPassword: 'brand new' });
      expect(missing.statusCode).toBe(400);
      expect(errorOf(missing).code).toBe('PASSWORD_REQUIRED');

      expect((await login(email, password)).statusCode).toBe(200);
      expect((await login(email, 'brand new')).statusCode).toBe(401);
      expect((await getUser(other.access_token)).statusCode).toBe(200);
    });

    it('lets an account made with Google set its first password without a current one', async () => {
      const { session, email } = await signUpTestUser(context.app);
      await withoutPassword(email);
      expect((await getUser(session.access_token)).json<UserResponse>().user.has_password).toBe(false);

      expect((await changePassword(session, { newPassword: 'first one' })).statusCode).toBe(204);
      expect((await getUser(session.access_token)).json<UserResponse>().user.has_password).toBe(true);
      expect((await login(email, 'first one')).statusCode).toBe(200);
    });

    it('no longer answers at the old /api/auth/password', async () => {
      const { session, password } = await signUpTestUser(context.app);
      const old = await inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: bearer(session),
        payload: { current_password: password, new_password: 'brand new' },
      });
      expect(old.statusCode).toBe(404);
    });
  });

  describe('POST /api/me/email', () => {
    it('changes the address only when the link mailed to it is opened, and tells the old one', async () => {
      const reader = await signUpTestUser(context.app, { signup_language: 'en' });
      const other = (await login(reader.email, reader.password)).json<Session>();
      const newEmail = uniqueEmail('moved');

      const asked = await changeEmail(reader.session, {
        newEmail: newEmail.toUpperCase(),
        password: reader.password,
      });
      expect(asked.statusCode).toBe(202);
      expect(asked.json()).toEqual({ pendingEmail: newEmail });
      // Nothing changes until the link is opened.
      expect((await getUser(reader.session.access_token)).json<UserResponse>().user.email).toBe(reader.email);

      const token = await mailedToken(context.app, newEmail, '/auth/confirm');
      const confirmed = await inject({ method: 'POST', url: '/api/auth/confirm', payload: { token } });
      expect(confirmed.statusCode).toBe(204);

      const { user } = (await getUser(reader.session.access_token)).json<UserResponse>();
      expect(user.email).toBe(newEmail);
      expect(user.email_confirmed).toBe(true);
      // Existing sessions go on.
      expect((await getUser(other.access_token)).statusCode).toBe(200);
      expect((await login(newEmail, reader.password)).statusCode).toBe(200);
      expect((await login(reader.email, reader.password)).statusCode).toBe(401);
      const notice = await waitForMail(reader.email, translations.en.authMail.emailChanged.subject);
      expect(notice.body).toContain(newEmail);
      // The link works once.
      expect(
        (await inject({ method: 'POST', url: '/api/auth/confirm', payload: { token } })).statusCode,
      ).toBe(400);
    });

    it('refuses a wrong password, its own address and one of another account, changing nothing', async () => {
      const reader = await signUpTestUser(context.app);
      const stranger = await signUpTestUser(context.app);
      const newEmail = uniqueEmail('never');

      const wrong = await changeEmail(reader.session, { newEmail, password: 'not it' });
      expect(wrong.statusCode).toBe(400);
      expect(errorOf(wrong).code).toBe('WRONG_PASSWORD');
      const same = await changeEmail(reader.session, { newEmail: reader.email, password: reader.password });
      expect(same.statusCode).toBe(400);
      expect(errorOf(same).code).toBe('EMAIL_UNCHANGED');
      const taken = await changeEmail(reader.session, {
        newEmail: stranger.email,
        password: reader.password,
      });
      expect(taken.statusCode).toBe(409);
      expect(errorOf(taken).code).toBe('EMAIL_TAKEN');

      expect(await mailsTo(newEmail)).toEqual([]);
      expect((await getUser(reader.session.access_token)).json<UserResponse>().user.email).toBe(reader.email);
    });

    it('asks an account without a password to set one first', async () => {
      const reader = await signUpTestUser(context.app);
      await withoutPassword(reader.email);
      const response = await changeEmail(reader.session, { newEmail: uniqueEmail(), password: 'anything' });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('PASSWORD_NOT_SET');
    });

    it('refuses the link when the address became another account’s meanwhile', async () => {
      const reader = await signUpTestUser(context.app);
      const newEmail = uniqueEmail('race');
      expect((await changeEmail(reader.session, { newEmail, password: reader.password })).statusCode).toBe(
        202,
      );
      const token = await mailedToken(context.app, newEmail, '/auth/confirm');
      await signUpTestUser(context.app, { email: newEmail });

      const confirmed = await inject({ method: 'POST', url: '/api/auth/confirm', payload: { token } });
      expect(confirmed.statusCode).toBe(409);
      expect(errorOf(confirmed).code).toBe('EMAIL_TAKEN');
      expect((await getUser(reader.session.access_token)).json<UserResponse>().user.email).toBe(reader.email);
    });

    it('lets only the newest asked-for address win', async () => {
      const reader = await signUpTestUser(context.app);
      const first = uniqueEmail('first');
      const second = uniqueEmail('second');
      await changeEmail(reader.session, { newEmail: first, password: reader.password });
      const firstToken = await mailedToken(context.app, first, '/auth/confirm');
      await changeEmail(reader.session, { newEmail: second, password: reader.password });
      const secondToken = await mailedToken(context.app, second, '/auth/confirm');

      expect(
        (await inject({ method: 'POST', url: '/api/auth/confirm', payload: { token: firstToken } }))
          .statusCode,
      ).toBe(400);
      expect(
        (await inject({ method: 'POST', url: '/api/auth/confirm', payload: { token: secondToken } }))
          .statusCode,
      ).toBe(204);
      expect((await getUser(reader.session.access_token)).json<UserResponse>().user.email).toBe(second);
    });
  });

  describe('GET and DELETE /api/me/sessions', () => {
    it('lists the live sign-ins with their browser, system and device, marking the current one', async () => {
      const reader = await signUpTestUser(context.app);
      const desktop = (await login(reader.email, reader.password, CHROME_WINDOWS)).json<Session>();
      const phone = (await login(reader.email, reader.password, SAFARI_IPHONE)).json<Session>();
      const ended = (await login(reader.email, reader.password)).json<Session>();
      expect(
        (await inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(ended) })).statusCode,
      ).toBe(204);

      const response = await listSessions(desktop);
      expect(response.statusCode).toBe(200);
      const { sessions } = response.json<AccountSessionsResponse>();
      // The sign-up's own session, the desktop and the phone; not the one signed out.
      expect(sessions).toHaveLength(3);
      const current = sessions.filter((session) => session.current);
      expect(current).toHaveLength(1);
      expect(current[0]).toMatchObject({ browser: 'Chrome 131', os: 'Windows 10', device: 'desktop' });
      expect(sessions).toContainEqual(
        expect.objectContaining({ browser: 'Safari 18', os: 'iOS 18.1', device: 'mobile', current: false }),
      );
      for (const session of sessions) {
        expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.firstSeenAt));
      }

      // A refresh is a use: the phone's last use moves on.
      const [phoneRow] = await context.database.db
        .select({ id: authSessions.id, lastSeenAt: authSessions.lastSeenAt })
        .from(authSessions)
        .where(and(eq(authSessions.userAgent, SAFARI_IPHONE)));
      await context.database.db
        .update(authSessions)
        .set({ lastSeenAt: new Date(Date.now() - 60_000) })
        .where(eq(authSessions.id, phoneRow!.id));
      expect((await refresh(phone.refresh_token)).statusCode).toBe(200);
      const after = (await listSessions(desktop)).json<AccountSessionsResponse>().sessions;
      const phoneAfter = after.find((session) => session.id === phoneRow!.id);
      expect(Date.now() - Date.parse(phoneAfter!.lastSeenAt)).toBeLessThan(30_000);
    });

    it("signs one device out, answers 404 for another reader's session, and allows the current one", async () => {
      const reader = await signUpTestUser(context.app);
      const stranger = await signUpTestUser(context.app);
      const phone = (await login(reader.email, reader.password, SAFARI_IPHONE)).json<Session>();
      const list = (await listSessions(reader.session)).json<AccountSessionsResponse>().sessions;
      const phoneId = list.find((session) => !session.current)!.id;
      const strangerId = (await listSessions(stranger.session)).json<AccountSessionsResponse>().sessions[0]!
        .id;

      const foreign = await endSession(reader.session, strangerId);
      expect(foreign.statusCode).toBe(404);
      expect(errorOf(foreign).code).toBe('NOT_FOUND');
      expect((await getUser(stranger.session.access_token)).statusCode).toBe(200);

      expect((await endSession(reader.session, phoneId)).statusCode).toBe(204);
      expect((await getUser(phone.access_token)).statusCode).toBe(401);
      expect((await refresh(phone.refresh_token)).statusCode).toBe(401);
      expect((await endSession(reader.session, phoneId)).statusCode).toBe(404);
      expect((await getUser(reader.session.access_token)).statusCode).toBe(200);

      const currentId = (await listSessions(reader.session)).json<AccountSessionsResponse>().sessions[0]!.id;
      expect((await endSession(reader.session, currentId)).statusCode).toBe(204);
      expect((await getUser(reader.session.access_token)).statusCode).toBe(401);
    });
  });

  it('counts password attempts per account, like sign-in', async () => {
    const { session } = await signUpTestUser(context.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (await changePassword(session, { currentPassword: 'guess', newPassword: 'brand new' })).statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});
