import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse, GenerateSummaryResponse, Summary } from '@summa/shared';
import { summaryFeedback, users } from '../db/schema/index.js';
import { startFakeLlmServer, type FakeLlmServer } from '../test/fake-llm-server.js';
import { bookResponder } from '../test/summary-responder.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../test/test-app.js';
import { bearer, signUpTestUser, uniqueEmail, uniqueIp, type TestUser } from '../test/test-users.js';

/**
 * Issue 10 defect 5: PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate is not text at
 * all. Every string the API takes is refused at its contract with 400 VALIDATION_ERROR, before any
 * database call, so nothing is stored and nothing answers 500.
 */
const NUL = 'mi\u0000nd';
const LONE_SURROGATE = 'mi\ud800nd';
const UNSAFE = [
  ['NUL', NUL],
  ['a lone surrogate', LONE_SURROGATE],
] as const;

describe.each(TEST_DATABASES)('NUL and lone surrogates in API input on %s', (kind) => {
  let fake: FakeLlmServer;
  let context: TestContext;
  let reader: TestUser;
  let summaryId: string;

  beforeAll(async () => {
    fake = await startFakeLlmServer();
    fake.respondWith(bookResponder());
    context = await createTestApp(kind, {
      env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model' },
    });
    reader = await signUpTestUser(context.app);
    const generated = await context.app.inject({
      method: 'POST',
      url: '/api/summaries',
      headers: bearer(reader.session),
      payload: { bookTitle: 'Atomic Habits', bookAuthor: 'James Clear', language: 'en' },
    });
    expect(generated.statusCode).toBe(200);
    summaryId = generated.json<GenerateSummaryResponse>().summaryId;
  });
  afterAll(async () => {
    await context.close();
    await fake.close();
  });

  const inject = (options: InjectOptions) =>
    context.app.inject({
      remoteAddress: uniqueIp(),
      ...options,
      headers: { 'accept-language': 'en', ...options.headers },
    });
  /** 400 VALIDATION_ERROR in the error shape, naming the refused field. */
  const expectValidationError = (response: Awaited<ReturnType<typeof inject>>, path: string) => {
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorResponse>();
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toBe('Some of the data sent is invalid.');
    expect(body.error.fields).toContainEqual({ path, code: 'custom' });
  };

  // A URL cannot carry a lone surrogate (its UTF-8 form is not valid percent-encoding, which the query
  // parser keeps as typed), so query strings and paths are tried with NUL only.
  it("refuses NUL in Explore's q", async () => {
    const response = await inject({ method: 'GET', url: `/api/catalog/books?q=${encodeURIComponent(NUL)}` });
    expectValidationError(response, 'querystring.q');
  });

  it("refuses NUL in History's q", async () => {
    const response = await inject({
      method: 'GET',
      url: `/api/history?q=${encodeURIComponent(NUL)}`,
      headers: bearer(reader.session),
    });
    expectValidationError(response, 'querystring.q');
  });

  it.each(UNSAFE)('refuses %s in the signed-in search query', async (_name, text) => {
    const response = await inject({
      method: 'POST',
      url: '/api/catalog/search',
      headers: bearer(reader.session),
      payload: { query: text, lang: 'en' },
    });
    expectValidationError(response, 'body.query');
  });

  it.each(UNSAFE)('refuses %s in a feedback comment and stores no feedback', async (_name, text) => {
    const response = await inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/feedback`,
      headers: bearer(reader.session),
      payload: { vote: 'up', comment: text },
    });
    expectValidationError(response, 'body.comment');
    const stored = await context.database.db
      .select()
      .from(summaryFeedback)
      .where(eq(summaryFeedback.summaryId, summaryId));
    expect(stored).toEqual([]);
    const summary = await inject({
      method: 'GET',
      url: `/api/summaries/${summaryId}`,
      headers: bearer(reader.session),
    });
    expect(summary.json<Summary>().feedback).toBeNull();
  });

  it('refuses NUL in a path parameter', async () => {
    const response = await inject({
      method: 'POST',
      url: `/api/summaries/${encodeURIComponent(NUL)}/feedback`,
      headers: bearer(reader.session),
      payload: { vote: 'up' },
    });
    expectValidationError(response, 'params.id');
  });

  it.each(UNSAFE)('refuses %s in a login', async (_name, text) => {
    for (const [field, payload] of [
      ['email', { email: `${text}@example.com`, password: 'correct horse' }],
      ['password', { email: reader.email, password: text }],
    ] as const) {
      expectValidationError(
        await inject({ method: 'POST', url: '/api/auth/login', payload }),
        `body.${field}`,
      );
    }
  });

  it.each(UNSAFE)('refuses %s in a sign-up and creates no account', async (_name, text) => {
    const email = uniqueEmail();
    const valid = { email, password: 'correct horse', full_name: 'Ana', signup_language: 'en' };
    for (const [field, payload] of [
      ['email', { ...valid, email: `${text}${email}` }],
      ['password', { ...valid, password: `correct ${text}` }],
      ['full_name', { ...valid, full_name: text }],
      ['signup_path', { ...valid, signup_path: `/en/${text}` }],
    ] as const) {
      expectValidationError(
        await inject({ method: 'POST', url: '/api/auth/signup', payload }),
        `body.${field}`,
      );
    }
    expect(await context.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});
