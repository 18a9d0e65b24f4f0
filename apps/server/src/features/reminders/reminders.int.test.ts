import { createECDH, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderStateSchema, type ReminderState } from '@summa/shared';
import { pushSubscriptions } from '../../db/schema/index.js';
import { errorOf } from '../../test/api-errors.js';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../test/fake-smtp-server.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { bearer, signUpTestUser, type TestUser } from '../../test/test-users.js';

/** A push service on 127.0.0.1 (the network boundary): records each message, answers `status`. */
async function startPushService() {
  const received: { path: string; headers: IncomingHttpHeaders; bytes: number }[] = [];
  let status = 201;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        bytes: Buffer.concat(chunks).length,
      });
      response.writeHead(status).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer(next: number) {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription: a real P-256 key and auth secret, so web-push can encrypt for it. */
function browserSubscription(endpoint: string) {
  const key = createECDH('prime256v1');
  key.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: key.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** The message with folded header lines joined and quoted-printable soft breaks removed. */
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');

describe.each(TEST_DATABASES)('daily reminders on %s', (kind) => {
  let smtp: FakeSmtpServer;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let context: TestContext;
  let clock = new Date('2026-11-26T21:00:00Z');
  let reader: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    push = await startPushService();
    context = await createTestApp(kind, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://summa.example' },
      clock: () => clock,
    });
    reader = await signUpTestUser(context.app, { full_name: 'Rita Reminded' });
    other = await signUpTestUser(context.app);
    const english = await call(
      { method: 'PATCH', url: '/api/me/profile', payload: { preferredLanguage: 'en' } },
      reader,
    );
    expect(english.statusCode, english.body).toBe(200);
  });
  afterAll(async () => {
    await context.close();
    await push.close();
    await smtp.close();
  });

  const call = (options: InjectOptions, user?: TestUser) =>
    context.app.inject({
      ...options,
      headers: { ...options.headers, ...(user ? bearer(user.session) : {}) },
    });
  const stateOf = async (user: TestUser): Promise<ReminderState> => {
    const response = await call({ method: 'GET', url: '/api/me/reminders' }, user);
    expect(response.statusCode, response.body).toBe(200);
    return reminderStateSchema.parse(response.json());
  };
  const save = (user: TestUser, payload: object, language = 'en') =>
    call(
      { method: 'PUT', url: '/api/me/reminders', payload, headers: { 'accept-language': language } },
      user,
    );
  /** The reminders mailed to the reader (not the sign-up's confirmation). */
  const mailsTo = (user: TestUser) =>
    smtp.received.flatMap(({ raw }) =>
      raw.includes(`To: ${user.email}`) && raw.includes('List-Unsubscribe-Post') ? [raw] : [],
    );

  it('answers 401 without a session on every reader endpoint', async () => {
    const subscription = browserSubscription(`${push.origin}/anonymous`);
    for (const options of [
      { method: 'GET', url: '/api/me/reminders' },
      { method: 'PUT', url: '/api/me/reminders', payload: { enabled: false } },
      { method: 'GET', url: '/api/reminders/push-key' },
      { method: 'POST', url: '/api/me/push-subscriptions', payload: subscription },
      { method: 'DELETE', url: '/api/me/push-subscriptions', payload: { endpoint: subscription.endpoint } },
    ] satisfies InjectOptions[]) {
      const response = await call(options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(401);
    }
  });

  it('starts off, and keeps what the reader chooses', async () => {
    expect(await stateOf(reader)).toEqual({
      enabled: false,
      time: '19:00',
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      timeZone: null,
      pushSubscriptions: 0,
    });
    const saved = await save(reader, {
      enabled: true,
      time: '18:30',
      days: ['sun', 'mon', 'thu'],
      timeZone: 'America/Sao_Paulo',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stateOf(reader)).toMatchObject({
      enabled: true,
      time: '18:30',
      days: ['mon', 'thu', 'sun'],
      timeZone: 'America/Sao_Paulo',
    });
    expect((await stateOf(other)).enabled).toBe(false);
  });

  it('refuses a bad time, time zone or days with a translated message, and changes nothing', async () => {
    const before = await stateOf(reader);
    const valid = { enabled: true, time: '07:15', days: ['mon'], timeZone: 'America/New_York' };
    for (const [payload, language, message] of [
      [{ ...valid, time: '24:00' }, 'en', 'Choose a time as HH:MM.'],
      [{ ...valid, timeZone: 'Mars/Olympus_Mons' }, 'pt', 'Escolha um fuso horário da lista.'],
      [{ ...valid, days: [] }, 'es', 'Elige al menos un día.'],
      [{ ...valid, days: ['mon', 'mon'] }, 'en', 'Each day may appear only once.'],
    ] as const) {
      const response = await save(reader, payload, language);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(errorOf(response).message).toContain(message);
    }
    expect(await stateOf(reader)).toEqual(before);
  });

  it("keeps a browser's push subscription, refuses a non-https one, and lets only its reader remove it", async () => {
    const key = await call({ method: 'GET', url: '/api/reminders/push-key' }, reader);
    expect(key.statusCode).toBe(200);
    // A P-256 public key, uncompressed, in URL-safe base64: 65 bytes.
    expect(Buffer.from(key.json<{ publicKey: string }>().publicKey, 'base64url')).toHaveLength(65);

    const insecure = await call(
      {
        method: 'POST',
        url: '/api/me/push-subscriptions',
        payload: browserSubscription('http://push.example/x'),
      },
      reader,
    );
    expect(insecure.statusCode).toBe(400);
    const subscription = browserSubscription(`${push.origin}/rita`);
    const added = await call(
      { method: 'POST', url: '/api/me/push-subscriptions', payload: subscription },
      reader,
    );
    expect(added.statusCode, added.body).toBe(204);
    expect((await stateOf(reader)).pushSubscriptions).toBe(1);

    const stranger = await call(
      { method: 'DELETE', url: '/api/me/push-subscriptions', payload: { endpoint: subscription.endpoint } },
      other,
    );
    expect(stranger.statusCode).toBe(404);
    expect((await stateOf(reader)).pushSubscriptions).toBe(1);
  });

  it('mails the reminder once at its time, with a one-click unsubscribe, and pushes it to the browser', async () => {
    // Thursday 26 November 2026, 18:30 in São Paulo (UTC-3, no daylight saving) is 21:30 UTC.
    clock = new Date('2026-11-26T21:29:00Z');
    await context.app.runReminderTick();
    expect(mailsTo(reader)).toHaveLength(0);

    clock = new Date('2026-11-26T21:31:00Z');
    await context.app.runReminderTick();
    clock = new Date('2026-11-26T21:32:00Z');
    await context.app.runReminderTick();
    const sent = mailsTo(reader);
    expect(sent).toHaveLength(1);
    const raw = unfolded(sent[0]!);
    expect(raw).toMatch(/^Subject: Time for your Summa reading$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(raw).toMatch(
      /^List-Unsubscribe: <https:\/\/summa\.example\/api\/reminders\/unsubscribe\?token=[\w.%-]+>$/m,
    );
    expect(raw).toContain('Hi Rita Reminded');
    expect(raw).toContain('A suggestion for today:');
    // The push service got one encrypted message, signed with the server's VAPID key.
    const pushed = push.received.filter((message) => message.path === '/rita');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.headers['content-encoding']).toBe('aes128gcm');
    expect(pushed[0]?.headers.authorization).toMatch(/^vapid t=.+, k=.+$/);
    expect(pushed[0]?.bytes).toBeGreaterThan(0);
  });

  it('skips a day whose time passed more than 15 minutes ago, and forgets a subscription its push service says is gone', async () => {
    // Sunday 29 November: 18:30 local was 21:30 UTC; at 21:46 it is too late.
    clock = new Date('2026-11-29T21:46:00Z');
    await context.app.runReminderTick();
    expect(mailsTo(reader)).toHaveLength(1);
    // Monday: due, and the push service answers 410 Gone.
    push.answer(410);
    clock = new Date('2026-11-30T21:40:00Z');
    await context.app.runReminderTick();
    expect(mailsTo(reader)).toHaveLength(2);
    const left = await context.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, reader.session.user.id));
    expect(left).toEqual([]);
    push.answer(201);
  });

  it('turns the reminder off from the e-mail: a page on GET, off on the one-click POST, no session', async () => {
    const raw = unfolded(mailsTo(reader)[0]!);
    const link = /^List-Unsubscribe: <([^>]+)>$/m.exec(raw)?.[1] ?? '';
    const path = link.replace('https://summa.example', '');

    const forged = await call({
      method: 'POST',
      url: path.replace(/token=[^&]+/, `token=${other.session.user.id}.abc`),
    });
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged).code).toBe('INVALID_TOKEN');

    const page = await call({ method: 'GET', url: path, headers: { 'accept-language': 'es' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Desactivar el recordatorio');
    expect((await stateOf(reader)).enabled).toBe(true);

    const oneClick = await call({
      method: 'POST',
      url: path,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'pt' },
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.body).toContain('você não receberá mais o lembrete diário');
    expect((await stateOf(reader)).enabled).toBe(false);
    // Off: Thursday's time comes and goes without a reminder.
    clock = new Date('2026-12-03T21:31:00Z');
    await context.app.runReminderTick();
    expect(mailsTo(reader)).toHaveLength(2);
  });
});
