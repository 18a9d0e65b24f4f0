import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@summa/shared';
import { contactMessages, mailOutbox } from '../../db/schema/index.js';
import { listOutboxMessages } from '../../providers/mail/outbox.repository.js';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../test/fake-smtp-server.js';
import { closedPort } from '../../test/llm-test-kit.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { bearer, signUpTestUser, uniqueEmail, uniqueIp } from '../../test/test-users.js';
import { CONTACT_RATE_LIMIT } from './contact.routes.js';
import { ContactService } from './contact.service.js';

const TEAM = 'team@summa.test';

interface ContactBody {
  name?: unknown;
  email?: unknown;
  message?: unknown;
  website?: unknown;
}

function contactCalls(getContext: () => TestContext) {
  const send = (
    payload: ContactBody,
    options: { ip?: string; language?: string; headers?: Record<string, string> } = {},
  ) =>
    getContext().app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: payload as Record<string, unknown>,
      remoteAddress: options.ip ?? uniqueIp(),
      headers: { 'accept-language': options.language ?? 'en', ...options.headers },
    });
  const stored = (email: string) =>
    getContext().database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
  return { send, stored };
}

const valid = (email = uniqueEmail('visitor')) => ({
  name: 'Ana Souza',
  email,
  message: 'How do I change the language of a summary?',
});

describe.each(TEST_DATABASES)('the contact message on %s (CONTACT_TO unset: stored only)', (kind) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp(kind);
  });
  afterAll(async () => {
    await context.close();
  });
  const { send, stored } = contactCalls(() => context);

  it("stores a visitor's message, trimmed, with the page's language and no account, and mails nothing", async () => {
    const email = uniqueEmail('visitor');
    const response = await send(
      {
        name: '  Ana Souza ',
        email: ` ${email.toUpperCase()} `,
        message: '  Olá! Uma dúvida sobre o plano.  ',
      },
      { language: 'pt-BR,pt;q=0.9' },
    );
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ received: true });
    expect(await stored(email)).toEqual([
      expect.objectContaining({
        userId: null,
        name: 'Ana Souza',
        email,
        message: 'Olá! Uma dúvida sobre o plano.',
        language: 'pt',
      }),
    ]);
    await context.app.mail.settled();
    const mailed = await context.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.body} like ${'%' + email + '%'}`);
    expect(mailed[0]?.n).toBe(0);
  });

  it("keeps a signed-in reader's message with their account", async () => {
    const reader = await signUpTestUser(context.app);
    const response = await send(valid(reader.email), { headers: bearer(reader.session), language: 'es' });
    expect(response.statusCode, response.body).toBe(202);
    expect(await stored(reader.email)).toEqual([
      expect.objectContaining({ userId: reader.session.user.id, language: 'es' }),
    ]);
  });

  it('refuses a message with an empty field, in the caller’s language, and stores nothing', async () => {
    const email = uniqueEmail('empty');
    for (const [payload, language, text] of [
      [{ ...valid(email), name: '   ' }, 'en', 'Please fill in all fields.'],
      [{ ...valid(email), message: '' }, 'pt', 'Por favor, preencha todos os campos.'],
      [{ email, message: valid().message }, 'es', null],
      [{ ...valid(email), email: '' }, 'en', 'Enter your e-mail.'],
    ] as const) {
      const response = await send(payload, { language });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const { error } = response.json<ErrorResponse>();
      expect(error.code).toBe('VALIDATION_ERROR');
      if (text) expect(error.message).toBe(text);
    }
    expect(await stored(email)).toEqual([]);
  });

  it('refuses a bad e-mail, a name over 100 characters and a message outside 10..5000 characters', async () => {
    const email = uniqueEmail('limits');
    const cases: [ContactBody, string | null][] = [
      [{ ...valid(), email: 'not an address' }, 'Enter a valid e-mail address.'],
      [{ ...valid(email), name: 'a'.repeat(101) }, 'The name can have at most 100 characters.'],
      [{ ...valid(email), message: 'Too short' }, 'The message needs at least 10 characters.'],
      [{ ...valid(email), message: 'a'.repeat(5001) }, 'The message can have at most 5000 characters.'],
      [{ ...valid(email), message: 42 }, null],
    ];
    for (const [payload, text] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const { error } = response.json<ErrorResponse>();
      expect(error.code).toBe('VALIDATION_ERROR');
      if (text) expect(error.message).toBe(text);
    }
    expect(await stored(email)).toEqual([]);
    // The limits themselves pass.
    expect((await send({ name: 'a'.repeat(100), email, message: 'a'.repeat(10) })).statusCode).toBe(202);
    expect((await send({ name: 'B', email, message: 'b'.repeat(5000) })).statusCode).toBe(202);
    expect(await stored(email)).toHaveLength(2);
  });

  it('answers a bot that filled in the honeypot as if sent, and keeps nothing', async () => {
    const email = uniqueEmail('bot');
    const response = await send({ ...valid(email), website: 'https://spam.example' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ received: true });
    expect(await stored(email)).toEqual([]);
    // An empty honeypot is a person's message.
    expect((await send({ ...valid(email), website: '' })).statusCode).toBe(202);
    expect(await stored(email)).toHaveLength(1);
  });

  it("marks a message handled in the transaction of the admin's audit row: a failing audit changes nothing", async () => {
    const email = uniqueEmail('handled');
    expect((await send(valid(email))).statusCode).toBe(202);
    const [message] = await stored(email);
    const contact = new ContactService({
      db: context.database.db,
      mail: { send: async () => undefined },
      contactTo: [],
      log: context.app.log,
    });
    const admin = await signUpTestUser(context.app);
    const failing = async () => {
      throw new Error('the audit row could not be written');
    };
    await expect(contact.markHandled(message?.id ?? '', admin.session.user.id, failing)).rejects.toThrow(
      'the audit row could not be written',
    );
    expect((await stored(email))[0]?.handledAt).toBeNull();
    let audited = false;
    const handled = await contact.markHandled(message?.id ?? '', admin.session.user.id, async () => {
      audited = true;
    });
    expect({ handled: handled.handledAt !== null, audited }).toEqual({ handled: true, audited: true });
  });

  it('takes 5 messages an hour from one address, then 429 RATE_LIMITED with Retry-After; other addresses go on', async () => {
    expect(CONTACT_RATE_LIMIT).toMatchObject({ limit: 5, windowSeconds: 3600 });
    const ip = uniqueIp();
    const email = uniqueEmail('flood');
    for (let index = 0; index < 4; index += 1) {
      expect((await send(valid(email), { ip })).statusCode).toBe(202);
    }
    // A bot's message counts like any other: the honeypot does not buy more tries.
    expect((await send({ ...valid(email), website: 'x' }, { ip })).statusCode).toBe(202);
    const refused = await send(valid(email), { ip, language: 'pt' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorResponse>().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored(email)).toHaveLength(4);
    // A refused request is validated first and does not count.
    expect((await send({ ...valid(email), message: '' }, { ip })).statusCode).toBe(400);
    expect((await send(valid(email))).statusCode).toBe(202);
  });
});

describe('the contact message mailed to CONTACT_TO through the outbox', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp('pglite', { env: { CONTACT_TO: TEAM } });
  });
  afterAll(async () => {
    await context.close();
  });
  const { send, stored } = contactCalls(() => context);

  it('stores it and puts the team’s mail in the outbox before answering', async () => {
    const email = uniqueEmail('outbox');
    const response = await send(
      { ...valid(email), message: 'Mensagem para a equipe, {{name}} e tudo.' },
      {
        language: 'pt',
      },
    );
    expect(response.statusCode, response.body).toBe(202);
    expect(await stored(email)).toHaveLength(1);
    const mails = (await listOutboxMessages(context.database.db, TEAM)).filter((mail) =>
      mail.text.includes(email),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Contato pelo Summa: Ana Souza');
    expect(mails[0]?.text).toContain(`E-mail: ${email}`);
    expect(mails[0]?.text).toContain('Idioma: pt');
    expect(mails[0]?.text).toContain('Enviada sem entrar em uma conta.');
    // The sender's words as they are: a placeholder in them is not filled.
    expect(mails[0]?.text).toContain('Mensagem para a equipe, {{name}} e tudo.');
  });
});

describe('the contact message mailed to CONTACT_TO through SMTP', () => {
  let smtp: FakeSmtpServer;
  let context: TestContext;
  let broken: TestContext;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    context = await createTestApp('pglite', {
      env: { SMTP_URL: smtp.url, CONTACT_TO: `${TEAM}, support@summa.test` },
    });
    // An SMTP server that is not there: every mail fails at once.
    broken = await createTestApp('pglite', {
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, CONTACT_TO: TEAM },
    });
  });
  afterAll(async () => {
    await context.close();
    await broken.close();
    await smtp.close();
  });

  it('sends it to every CONTACT_TO address with the sender as Reply-To, in the sender’s language', async () => {
    const reader = await signUpTestUser(context.app);
    const response = await contactCalls(() => context).send(valid(reader.email), {
      headers: bearer(reader.session),
      language: 'en',
    });
    expect(response.statusCode, response.body).toBe(202);
    // Sent before the answer: no waiting.
    const mail = smtp.received.find(
      (message) => message.to.includes(TEAM) && message.raw.includes(reader.email),
    );
    expect(mail?.to).toEqual([TEAM, 'support@summa.test']);
    expect(mail?.raw).toMatch(/^Subject: Summa contact: Ana Souza$/m);
    expect(mail?.raw).toMatch(new RegExp(`^Reply-To: ${reader.email.replace('.', '\\.')}$`, 'm'));
    expect(mail?.raw).toContain('How do I change the language of a summary?');
    expect(mail?.raw).toContain(`Sent by a reader with an account (id ${reader.session.user.id}).`);
    expect(await contactCalls(() => context).stored(reader.email)).toHaveLength(1);
  });

  it('mails nothing for a bot', async () => {
    const email = uniqueEmail('smtp-bot');
    const before = smtp.received.length;
    expect((await contactCalls(() => context).send({ ...valid(email), website: 'spam' })).statusCode).toBe(
      202,
    );
    expect(smtp.received.length).toBe(before);
  });

  it('answers 502 CONTACT_NOT_SENT, translated, and keeps nothing when the mail fails', async () => {
    const { send, stored } = contactCalls(() => broken);
    const email = uniqueEmail('unmailed');
    for (const [language, text] of [
      ['en', 'Error sending message. Please try again.'],
      ['pt', 'Erro ao enviar mensagem. Tente novamente.'],
      ['es', 'Error al enviar el mensaje. Inténtalo de nuevo.'],
    ] as const) {
      const response = await send(valid(email), { language });
      expect(response.statusCode).toBe(502);
      expect(response.json<ErrorResponse>().error).toEqual({ code: 'CONTACT_NOT_SENT', message: text });
    }
    // Nothing the team never got is kept: sending again leaves one message, not several.
    expect(await stored(email)).toEqual([]);
  });
});
