import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  ErrorResponse,
  GenerateSummaryResponse,
  GenerationEvent,
  HistoryResponse,
  Summary,
  Usage,
} from '@summa/shared';
import { buildApp } from '../../app.js';
import {
  bookSummaries,
  summaryGenerations,
  usageCounters,
  userSubscriptions,
} from '../../db/schema/index.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../test/fake-llm-server.js';
import { bookResponder, sampleNonFiction } from '../../test/summary-responder.js';
import { createTestApp, TEST_DATABASES, testConfig, type TestContext } from '../../test/test-app.js';
import { bearer, signUpTestUser, type TestUser } from '../../test/test-users.js';

const ATOMIC_HABITS = { bookTitle: 'Atomic Habits', bookAuthor: 'James Clear', language: 'en' } as const;

function parseEvents(body: string): GenerationEvent[] {
  return body
    .split('\n\n')
    .map((block) => block.split('\n').find((line) => line.startsWith('data:')))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice(5)) as GenerationEvent);
}

describe.each(TEST_DATABASES)('summary generation on %s', (kind) => {
  let fake: FakeLlmServer;
  let context: TestContext;

  beforeAll(async () => {
    fake = await startFakeLlmServer();
    context = await createTestApp(kind, {
      env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_TIMEOUT_MS: '400' },
    });
  });
  afterAll(async () => {
    await context.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    fake.respondWith(bookResponder());
  });

  const generate = (user: TestUser, payload: object, stream = false, language = 'pt') =>
    context.app.inject({
      method: 'POST',
      url: '/api/summaries',
      headers: {
        ...bearer(user.session),
        'accept-language': language,
        ...(stream ? { accept: 'text/event-stream' } : {}),
      },
      payload,
    });
  const usageOf = async (user: TestUser) =>
    (
      await context.app.inject({ method: 'GET', url: '/api/me/usage', headers: bearer(user.session) })
    ).json<Usage>();
  const storedSummaries = async (title: string) =>
    context.database.db.select().from(bookSummaries).where(eq(bookSummaries.title, title));

  it('streams resolve, summarize, each section, polish and done, then serves the whole summary', async () => {
    const user = await signUpTestUser(context.app);
    const response = await generate(user, ATOMIC_HABITS, true);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = parseEvents(response.body);
    const steps = events.filter((e) => e.type !== 'section').map((e) => [e.step, e.percent]);
    expect(steps).toEqual([
      ['resolve', 25],
      ['summarize', 50],
      ['polish', 75],
      ['done', 100],
    ]);
    const sections = events.flatMap((e) => (e.type === 'section' ? [e.key] : []));
    expect(sections).toEqual([
      'oneLiner',
      'keyIdeas',
      'actions',
      'routine',
      'sevenDayPlan',
      'metrics',
      'pitfalls',
      'closing',
    ]);
    // The catalogue knows the book: no identification call, and its facts reach the prompt.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.user).toContain('Atomic Habits');
    expect(fake.requests[0]?.user).toContain('2018');
    expect(fake.requests[0]?.system).toMatch(/never invent quotations/i);

    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('no done event');
    expect(done.cached).toBe(false);
    expect(done.usage.summariesUsed).toBe(1);
    const summary = (
      await context.app.inject({
        method: 'GET',
        url: `/api/summaries/${done.summaryId}`,
        headers: bearer(user.session),
      })
    ).json<Summary>();
    expect(summary.content).toMatchObject({ kind: 'nonfiction', ...sampleNonFiction('Atomic Habits') });
    expect(summary.category).toBe('habits');
    expect(summary.related.length).toBeGreaterThan(0);
    expect(summary.related.every((book) => book.id !== summary.bookId)).toBe(true);
  });

  it('answers the same book again from the cache, without a model call, whatever its spelling', async () => {
    const first = await signUpTestUser(context.app);
    const created = (await generate(first, ATOMIC_HABITS)).json<GenerateSummaryResponse>();
    fake.reset();
    const again = await generate(first, {
      bookTitle: 'ATOMIC  habits',
      bookAuthor: 'james clear',
      language: 'en',
    });
    expect(again.json<GenerateSummaryResponse>()).toMatchObject({
      summaryId: created.summaryId,
      cached: true,
    });
    expect((await usageOf(first)).summariesUsed).toBe(1);
    // Another reader gets it at once too; it counts for them, as it adds a summary they did not have.
    const second = await signUpTestUser(context.app);
    const theirs = (await generate(second, ATOMIC_HABITS)).json<GenerateSummaryResponse>();
    expect(theirs).toMatchObject({ summaryId: created.summaryId, cached: true });
    expect(theirs.usage.summariesUsed).toBe(1);
    expect(fake.requests).toHaveLength(0);
  });

  it('identifies a book outside the catalogue first, and refuses one the model does not know', async () => {
    const user = await signUpTestUser(context.app);
    const known = await generate(user, {
      bookTitle: 'A Novel Outside',
      bookAuthor: 'Ann Writer',
      language: 'pt',
    });
    expect(known.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]?.user).toContain('Você conhece o livro "A Novel Outside"');

    const unknown = await generate(user, {
      bookTitle: 'The xyzzy Chronicles',
      bookAuthor: 'Nobody',
      language: 'en',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<ErrorResponse>().error).toEqual({
      code: 'BOOK_NOT_IDENTIFIED',
      message: 'Não conseguimos identificar este livro. Confira o título e o autor.',
    });
    expect(await storedSummaries('The xyzzy Chronicles')).toEqual([]);
    expect((await usageOf(user)).summariesUsed).toBe(1);
  });

  it.each([
    ['a 429', { kind: 'status', status: 429 }],
    ['a 500', { kind: 'status', status: 500 }],
    ['malformed output', { kind: 'malformed' }],
    ['a time-out', { kind: 'hang' }],
  ] as const)('retries once after %s', async (_name, failure) => {
    const user = await signUpTestUser(context.app);
    fake.enqueue(failure);
    const title = `Retry ${failure.kind} ${Math.random()}`;
    // An identified book: the first call is the identification.
    fake.enqueue({
      kind: 'json',
      body: { known: true, kind: 'nonfiction', originalTitle: title, author: 'A', year: null },
    });
    const response = await generate(user, { bookTitle: title, bookAuthor: 'Author', language: 'en' });
    expect(response.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(3);
  });

  it('fails with a clear message after a second failure, stores nothing and costs nothing', async () => {
    const user = await signUpTestUser(context.app);
    const title = 'fail-always';
    const response = await generate(
      user,
      { bookTitle: title, bookAuthor: 'Author', language: 'es' },
      true,
      'es',
    );
    const last = parseEvents(response.body).at(-1);
    expect(last).toMatchObject({
      type: 'error',
      step: 'error',
      percent: 0,
      code: 'GENERATION_FAILED',
      message: 'Algo salió mal. Inténtalo de nuevo.',
    });
    expect(fake.requests).toHaveLength(2);
    expect(await storedSummaries(title)).toEqual([]);
    expect((await usageOf(user)).summariesUsed).toBe(0);
    // The failure does not stick: the next request tries again.
    fake.respondWith(bookResponder());
    fake.enqueue({
      kind: 'json',
      body: { known: true, kind: 'nonfiction', originalTitle: title, author: 'A', year: null },
    });
    fake.enqueue({ kind: 'json', body: sampleNonFiction(title) });
    expect(
      (await generate(user, { bookTitle: title, bookAuthor: 'Author', language: 'es' })).statusCode,
    ).toBe(200);
  });

  it('never stores output that does not match the schema', async () => {
    const user = await signUpTestUser(context.app);
    const title = 'Invalid Twice';
    const identify = {
      kind: 'json',
      body: { known: true, kind: 'nonfiction', originalTitle: title, author: 'A', year: null },
    } as const;
    const tooFewIdeas = { ...sampleNonFiction(title), keyIdeas: [] };
    fake.enqueue(
      identify,
      { kind: 'json', body: tooFewIdeas },
      { kind: 'json', body: { ...tooFewIdeas, closing: '<b>x</b>' } },
    );
    const response = await generate(user, { bookTitle: title, bookAuthor: 'Author', language: 'en' });
    expect(response.statusCode).toBe(502);
    expect(await storedSummaries(title)).toEqual([]);
  });

  it('gives one generation to concurrent requests for the same book, and all get it', async () => {
    const users = await Promise.all([1, 2, 3].map(() => signUpTestUser(context.app)));
    fake.respondWith(bookResponder({ chunkSize: 16, delayMs: 5 }));
    const book = { bookTitle: 'Deep Work', bookAuthor: 'Cal Newport', language: 'pt' };
    const responses = await Promise.all(
      [...users, ...users, ...users].map((user, index) => generate(user, book, index % 2 === 0)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    expect(fake.requests.map((request) => request.user.split('\n')[0])).toEqual(['Título: Trabalho Focado']);
    const ids = new Set(
      responses.map((response) =>
        response.headers['content-type']?.toString().includes('event-stream')
          ? (parseEvents(response.body).find((e) => e.type === 'done') as { summaryId: string }).summaryId
          : response.json<GenerateSummaryResponse>().summaryId,
      ),
    );
    expect(ids.size).toBe(1);
    expect(fake.requests).toHaveLength(1);
    for (const user of users) expect((await usageOf(user)).summariesUsed).toBe(1);
  });

  it('lets exactly one of 50 parallel requests through at 9 summaries used', async () => {
    const user = await signUpTestUser(context.app);
    const userId = user.session.user.id;
    await context.database.db
      .insert(usageCounters)
      .values({ userId, monthKey: new Date().toISOString().slice(0, 7), summariesUsed: 9 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        generate(user, { bookTitle: `Race ${n}`, bookAuthor: 'Racer', language: 'en' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 403)).toHaveLength(49);
    const refused = responses.find((response) => response.statusCode === 403);
    expect(refused?.json<ErrorResponse>().error.code).toBe('SUMMARY_LIMIT_REACHED');
    expect((await usageOf(user)).summariesUsed).toBe(10);
  });

  it('gives premium readers no limit', async () => {
    const user = await signUpTestUser(context.app);
    await context.database.db
      .update(userSubscriptions)
      .set({ plan: 'premium' })
      .where(eq(userSubscriptions.userId, user.session.user.id));
    await context.database.db.insert(usageCounters).values({
      userId: user.session.user.id,
      monthKey: new Date().toISOString().slice(0, 7),
      summariesUsed: 40,
    });
    const response = await generate(user, {
      bookTitle: 'Premium Read',
      bookAuthor: 'Writer',
      language: 'en',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<GenerateSummaryResponse>().usage).toMatchObject({
      plan: 'premium',
      summariesUsed: 41,
      summariesLimit: null,
    });
  });

  it('refuses bad input with 400 and changes nothing, and strangers with 401', async () => {
    const user = await signUpTestUser(context.app);
    for (const payload of [
      { ...ATOMIC_HABITS, bookTitle: '   ' },
      { ...ATOMIC_HABITS, bookAuthor: '' },
      { ...ATOMIC_HABITS, bookTitle: 'x'.repeat(10_000) },
      { ...ATOMIC_HABITS, language: 'fr' },
    ]) {
      const response = await generate(user, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().error.code).toBe('VALIDATION_ERROR');
    }
    const anonymous = await context.app.inject({
      method: 'POST',
      url: '/api/summaries',
      payload: ATOMIC_HABITS,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(fake.requests).toHaveLength(0);
    expect((await usageOf(user)).summariesUsed).toBe(0);
    const missing = await context.app.inject({
      method: 'GET',
      url: '/api/summaries/not-a-uuid',
      headers: bearer(user.session),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps one rating per reader, and a history newest first that free readers see 20 of', async () => {
    const writer = await signUpTestUser(context.app);
    await context.database.db
      .update(userSubscriptions)
      .set({ plan: 'premium' })
      .where(eq(userSubscriptions.userId, writer.session.user.id));
    const ids: string[] = [];
    for (let n = 0; n < 21; n++) {
      const response = await generate(writer, {
        bookTitle: `History Book ${n}`,
        bookAuthor: 'Historian',
        language: 'en',
      });
      ids.push(response.json<GenerateSummaryResponse>().summaryId);
    }
    const reader = await signUpTestUser(context.app);
    for (const id of ids) {
      await context.app.inject({
        method: 'GET',
        url: `/api/summaries/${id}`,
        headers: bearer(reader.session),
      });
    }
    const history = (
      await context.app.inject({ method: 'GET', url: '/api/history', headers: bearer(reader.session) })
    ).json<HistoryResponse>();
    expect(history.items).toHaveLength(20);
    expect(history).toMatchObject({ total: 21, limited: true });
    expect(history.items[0]?.summaryId).toBe(ids[20]);
    const premium = (
      await context.app.inject({
        method: 'GET',
        url: '/api/history?q=history%20book%2012',
        headers: bearer(writer.session),
      })
    ).json<HistoryResponse>();
    expect(premium.items.map((item) => item.title)).toEqual(['History Book 12']);
    const wildcard = (
      await context.app.inject({ method: 'GET', url: '/api/history?q=%25', headers: bearer(writer.session) })
    ).json<HistoryResponse>();
    expect(wildcard.items).toEqual([]);

    const rate = (payload: object) =>
      context.app.inject({
        method: 'POST',
        url: `/api/summaries/${ids[0]}/feedback`,
        headers: bearer(reader.session),
        payload,
      });
    expect((await rate({ vote: 'up', comment: 'Useful' })).statusCode).toBe(204);
    const twice = await rate({ vote: 'down' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorResponse>().error.code).toBe('FEEDBACK_ALREADY_GIVEN');
    expect((await rate({ vote: 'sideways' })).statusCode).toBe(400);
    const summary = (
      await context.app.inject({
        method: 'GET',
        url: `/api/summaries/${ids[0]}`,
        headers: bearer(reader.session),
      })
    ).json<Summary>();
    expect(summary.feedback).toEqual({ vote: 'up', comment: 'Useful' });

    // The search box lists the reader's own summaries first, as history.
    const suggestions = await context.app.inject({
      method: 'POST',
      url: '/api/catalog/search',
      headers: bearer(reader.session),
      payload: { query: 'History Book 1', lang: 'en' },
    });
    expect(suggestions.json<{ books: { source: string }[] }>().books[0]?.source).toBe('history');
  });

  it('aborts the model call when the only waiting client goes away, and stores nothing', async () => {
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = context.app.server.address() as AddressInfo;
    const user = await signUpTestUser(context.app);
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/summaries`, {
      method: 'POST',
      headers: { ...bearer(user.session), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ bookTitle: 'slow-book', bookAuthor: 'Slow Writer', language: 'en' }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    await fake.waitForRequests(2);
    controller.abort();
    await expect.poll(() => fake.abortedCount(), { timeout: 5_000 }).toBe(1);
    await expect.poll(async () => (await usageOf(user)).summariesUsed, { timeout: 5_000 }).toBe(0);
    expect(await storedSummaries('slow-book')).toEqual([]);
    const claims = await context.database.db.select().from(summaryGenerations);
    expect(claims.filter((claim) => claim.normKey.startsWith('slowbook'))).toEqual([]);
  });
});

describe('the model cannot be reached', () => {
  it('fails generation with a translated 503 and leaves the rest of the app working', async () => {
    const context = await createTestApp('pglite');
    try {
      const user = await signUpTestUser(context.app);
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/summaries',
        headers: { ...bearer(user.session), 'accept-language': 'en' },
        payload: ATOMIC_HABITS,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json<ErrorResponse>().error.code).toBe('MODEL_UNAVAILABLE');
      expect((await context.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const usage = await context.app.inject({
        method: 'GET',
        url: '/api/me/usage',
        headers: bearer(user.session),
      });
      expect(usage.json<Usage>().summariesUsed).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe.runIf(TEST_DATABASES.includes('postgres'))('two instances on one PostgreSQL', () => {
  it('make one model call for the same book and both answer with it', async () => {
    const fake = await startFakeLlmServer({ responder: bookResponder({ chunkSize: 8, delayMs: 10 }) });
    const first = await createTestApp('postgres', {
      env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model' },
    });
    const second = await buildApp({
      config: testConfig({
        LLM_BASE_URL: fake.baseUrl,
        LLM_MODEL: 'fake-model',
        DATABASE_URL: first.database.url!,
      }),
      database: first.database,
    });
    await second.ready();
    try {
      const reader = await signUpTestUser(first.app);
      const book = { bookTitle: 'The Lean Startup', bookAuthor: 'Eric Ries', language: 'es' };
      const ask = (app: typeof second) =>
        app.inject({ method: 'POST', url: '/api/summaries', headers: bearer(reader.session), payload: book });
      const responses = await Promise.all([ask(first.app), ask(second), ask(first.app), ask(second)]);
      const ids = new Set(responses.map((response) => response.json<GenerateSummaryResponse>().summaryId));
      expect(ids.size).toBe(1);
      expect(fake.requests).toHaveLength(1);
      const rows = await first.database.db
        .select()
        .from(bookSummaries)
        .where(and(eq(bookSummaries.language, 'es'), eq(bookSummaries.author, 'Eric Ries')));
      expect(rows).toHaveLength(1);
    } finally {
      await second.close();
      await first.close();
      await fake.close();
    }
  });
});
