import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  FICTION_SECTIONS,
  NON_FICTION_SECTIONS,
  normKey,
  statusResponseSchema,
  summarySchema,
  type ErrorResponse,
  type GenerateSummaryResponse,
  type GenerationEvent,
  type HistoryResponse,
  type Summary,
  type Usage,
} from '@summa/shared';
import type { App } from '../../app.js';
import {
  books,
  bookSummaries,
  usageCounters,
  userSubscriptions,
  userSummaries,
  workLeases,
} from '../../db/schema/index.js';
import { startFakeLlmServer, type FakeLlmBehaviour } from '../../test/fake-llm-server.js';
import {
  bookResponder,
  NON_FICTION_SECTION_ORDER,
  sampleFiction,
  sampleNonFiction,
} from '../../test/summary-responder.js';
import { eventStream, parseEvents } from '../../test/sse-client.js';
import { useAppWithFakeModels } from '../../test/app-with-fake-models.js';
import { createTestApp, startSecondInstance, TEST_DATABASES } from '../../test/test-app.js';
import { bearer, signUpTestUser, type TestUser } from '../../test/test-users.js';
import { readerClient } from '../../test/reader-client.js';

const ATOMIC_HABITS = { bookTitle: 'Atomic Habits', bookAuthor: 'James Clear', language: 'en' } as const;

const stepsOf = (events: GenerationEvent[]) =>
  events.flatMap((e) => (e.type === 'section' || e.type === 'model' ? [] : [e.step]));
const sectionsOf = (events: GenerationEvent[]) =>
  events.flatMap((e) => (e.type === 'section' ? [e.key] : []));

describe.each(TEST_DATABASES)('summary generation on %s', (kind) => {
  const context = useAppWithFakeModels(kind, {
    env: { LLM_TIMEOUT_MS: '400' },
    // Waiters look often: the takeover test waits for a lease to run out.
    generation: { pollMs: 20 },
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
  const storedSummaries = async (title: string) =>
    context.database.db.select().from(bookSummaries).where(eq(bookSummaries.title, title));
  const summaryOf = async (user: TestUser, summaryId: string) =>
    (
      await context.app.inject({
        method: 'GET',
        url: `/api/summaries/${summaryId}`,
        headers: bearer(user.session),
      })
    ).json<Summary>();
  let listeningAt: string | undefined;
  /** Serves over a real socket (once per app), for tests that need a client to go away. */
  const listening = async () => {
    if (!listeningAt) {
      await context.app.listen({ port: 0, host: '127.0.0.1' });
      listeningAt = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
    }
    return listeningAt;
  };
  const openStream = async (user: TestUser, payload: object, signal?: AbortSignal) =>
    fetch(`${await listening()}/api/summaries`, {
      method: 'POST',
      headers: { ...bearer(user.session), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(payload),
      ...(signal ? { signal } : {}),
    });

  it('streams resolve, summarize, each section, polish and done, then serves the whole summary', async () => {
    const user = await signUpTestUser(context.app);
    const response = await generate(user, ATOMIC_HABITS, true);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = parseEvents(response.body);
    const steps = events.flatMap((e) =>
      e.type === 'section' || e.type === 'model' ? [] : [[e.step, e.percent]],
    );
    expect(steps).toEqual([
      ['resolve', 25],
      ['summarize', 50],
      ['polish', 75],
      ['done', 100],
    ]);
    const sections = events.flatMap((e) => (e.type === 'section' ? [e.key] : []));
    expect(sections).toEqual(NON_FICTION_SECTION_ORDER);
    // The catalogue knows the book: no identification call, and its facts reach the prompt.
    expect(context.llm.requests).toHaveLength(1);
    expect(context.llm.requests[0]?.user).toContain('Atomic Habits');
    expect(context.llm.requests[0]?.user).toContain('2018');
    expect(context.llm.requests[0]?.system).toMatch(/never invent quotations/i);

    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('no done event');
    expect(done.cached).toBe(false);
    expect(done.usage.summariesUsed).toBe(1);
    const read = await context.app.inject({
      method: 'GET',
      url: `/api/summaries/${done.summaryId}`,
      headers: bearer(user.session),
    });
    expect(read.headers['content-type']).toBe('application/json; charset=utf-8');
    // Served from its serialized form: it must still keep to the contract.
    const summary = summarySchema.parse(read.json());
    expect(summary.feedback).toBeNull();
    expect(summary.content).toMatchObject({ kind: 'nonfiction', ...sampleNonFiction('Atomic Habits') });
    expect(summary.category).toBe('habits');
    // A catalogue book: its ISBN, for the store links (issue 23).
    expect(summary.isbn13).toBe('9780735211292');
    expect(summary.related.length).toBeGreaterThan(0);
    expect(summary.related.every((book) => book.id !== summary.bookId)).toBe(true);
  });

  it("shows each related book's cover as its book has it now, not as it was when the summary was written", async () => {
    const user = await signUpTestUser(context.app);
    const { summaryId } = (
      await generate(user, { bookTitle: 'Deep Work', bookAuthor: 'Cal Newport', language: 'en' })
    ).json<GenerateSummaryResponse>();
    const [stored] = await context.database.db
      .select({ related: bookSummaries.related })
      .from(bookSummaries)
      .where(eq(bookSummaries.id, summaryId));
    const [first, ...others] = stored?.related ?? [];
    if (!first) throw new Error('no related books');
    // Written before covers were the app's own; one related book's cover is stored since.
    const stale = 'https://covers.openlibrary.org/b/isbn/9780000000000-M.jpg?default=false';
    await context.database.db
      .update(bookSummaries)
      .set({ related: [first, ...others].map((book) => ({ ...book, cover_url: stale })) })
      .where(eq(bookSummaries.id, summaryId));
    const ours = `/api/covers/${'c'.repeat(64)}.jpg`;
    await context.database.db.update(books).set({ coverUrl: ours }).where(eq(books.id, first.id));

    const summary = await summaryOf(user, summaryId);
    expect(summary.related.map((book) => book.id)).toEqual([first.id, ...others.map((book) => book.id)]);
    expect(summary.related.map((book) => book.cover_url)).toEqual([ours, ...others.map(() => null)]);
  });

  it('answers the same book again from the cache, without a model call, whatever its spelling', async () => {
    const first = await signUpTestUser(context.app);
    const created = (await generate(first, ATOMIC_HABITS)).json<GenerateSummaryResponse>();
    context.llm.reset();
    const again = await generate(first, {
      bookTitle: 'ATOMIC  habits',
      bookAuthor: 'james clear',
      language: 'en',
    });
    expect(again.json<GenerateSummaryResponse>()).toMatchObject({
      summaryId: created.summaryId,
      cached: true,
    });
    expect((await calls.usage(first)).summariesUsed).toBe(1);
    // Another reader gets it at once too; it counts for them, as it adds a summary they did not have.
    const second = await signUpTestUser(context.app);
    const theirs = (await generate(second, ATOMIC_HABITS)).json<GenerateSummaryResponse>();
    expect(theirs).toMatchObject({ summaryId: created.summaryId, cached: true });
    expect(theirs.usage.summariesUsed).toBe(1);
    expect(context.llm.requests).toHaveLength(0);
  });

  it('identifies a book outside the catalogue first, and refuses one the model does not know', async () => {
    const user = await signUpTestUser(context.app);
    const known = await generate(user, {
      bookTitle: 'A Novel Outside',
      bookAuthor: 'Ann Writer',
      language: 'pt',
    });
    expect(known.statusCode).toBe(200);
    expect(context.llm.requests).toHaveLength(2);
    expect(context.llm.requests[0]?.user).toContain('Você conhece o livro "A Novel Outside"');

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
    expect((await calls.usage(user)).summariesUsed).toBe(1);
  });

  it.each([
    ['a 429', { kind: 'status', status: 429 }],
    ['a 500', { kind: 'status', status: 500 }],
    ['malformed output', { kind: 'malformed' }],
    ['a time-out', { kind: 'hang' }],
  ] as const)('retries once after %s', async (_name, failure) => {
    const user = await signUpTestUser(context.app);
    context.llm.enqueue(failure);
    const title = `Retry ${failure.kind} ${Math.random()}`;
    // An identified book: the first call is the identification.
    context.llm.enqueue({
      kind: 'json',
      body: { known: true, kind: 'nonfiction', originalTitle: title, author: 'A', year: null },
    });
    const response = await generate(user, { bookTitle: title, bookAuthor: 'Author', language: 'en' });
    expect(response.statusCode).toBe(200);
    expect(context.llm.requests).toHaveLength(3);
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
    expect(context.llm.requests).toHaveLength(2);
    expect(await storedSummaries(title)).toEqual([]);
    expect((await calls.usage(user)).summariesUsed).toBe(0);
    // The failure does not stick: the next request tries again.
    context.llm.respondWith(bookResponder());
    context.llm.enqueue({
      kind: 'json',
      body: { known: true, kind: 'nonfiction', originalTitle: title, author: 'A', year: null },
    });
    context.llm.enqueue({ kind: 'json', body: sampleNonFiction(title) });
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
    context.llm.enqueue(
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
    context.llm.respondWith(bookResponder({ chunkSize: 16, delayMs: 5 }));
    const book = { bookTitle: 'Deep Work', bookAuthor: 'Cal Newport', language: 'pt' };
    const responses = await Promise.all(
      [...users, ...users, ...users].map((user, index) => generate(user, book, index % 2 === 0)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    expect(context.llm.requests.map((request) => request.user.split('\n')[0])).toEqual([
      'Título: Trabalho Focado',
    ]);
    const ids = new Set(
      responses.map((response) =>
        response.headers['content-type']?.toString().includes('event-stream')
          ? (parseEvents(response.body).find((e) => e.type === 'done') as { summaryId: string }).summaryId
          : response.json<GenerateSummaryResponse>().summaryId,
      ),
    );
    expect(ids.size).toBe(1);
    expect(context.llm.requests).toHaveLength(1);
    for (const user of users) expect((await calls.usage(user)).summariesUsed).toBe(1);
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
    expect((await calls.usage(user)).summariesUsed).toBe(10);
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
    expect(context.llm.requests).toHaveLength(0);
    expect((await calls.usage(user)).summariesUsed).toBe(0);
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
    const user = await signUpTestUser(context.app);
    const controller = new AbortController();
    const response = await openStream(
      user,
      { bookTitle: 'slow-book', bookAuthor: 'Slow Writer', language: 'en' },
      controller.signal,
    );
    const reader = response.body!.getReader();
    await reader.read();
    await context.llm.waitForRequests(2);
    controller.abort();
    await expect.poll(() => context.llm.abortedCount(), { timeout: 5_000 }).toBe(1);
    await expect.poll(async () => (await calls.usage(user)).summariesUsed, { timeout: 5_000 }).toBe(0);
    expect(await storedSummaries('slow-book')).toEqual([]);
    const claims = await context.database.db.select().from(workLeases);
    expect(claims.filter((claim) => claim.key.startsWith('slowbook'))).toEqual([]);
  });

  it('keeps the model call when one of two clients for the same book leaves, and charges only the other', async () => {
    const [leaver, stayer] = await Promise.all([signUpTestUser(context.app), signUpTestUser(context.app)]);
    const book = { bookTitle: 'Tiny Habits', bookAuthor: 'BJ Fogg', language: 'en' };
    // A catalogue book: its one model call is the summary, streamed over about 3 s.
    context.llm.enqueue({ kind: 'json', body: sampleNonFiction('Tiny Habits'), chunkSize: 16, delayMs: 40 });
    const controller = new AbortController();
    await openStream(leaver, book, controller.signal);
    await context.llm.waitForRequests(1);
    const staying = eventStream(await openStream(stayer, book));
    await staying.waitFor((event) => event.type === 'section');
    expect((await calls.usage(leaver)).summariesUsed).toBe(1);

    controller.abort();
    // The leaver gets its summary back while the generation goes on for the other client.
    await expect.poll(async () => (await calls.usage(leaver)).summariesUsed, { timeout: 5_000 }).toBe(0);
    expect(staying.events.some((event) => event.type === 'done')).toBe(false);

    const events = await staying.toEnd();
    expect(stepsOf(events)).toEqual(['resolve', 'summarize', 'polish', 'done']);
    expect(sectionsOf(events)).toEqual(NON_FICTION_SECTIONS);
    expect(events.at(-1)).toMatchObject({ type: 'done', cached: false, usage: { summariesUsed: 1 } });
    expect(context.llm.requests).toHaveLength(1);
    expect(context.llm.abortedCount()).toBe(0);
    expect((await calls.usage(leaver)).summariesUsed).toBe(0);
    expect((await calls.usage(stayer)).summariesUsed).toBe(1);
    expect(await storedSummaries('Tiny Habits')).toHaveLength(1);
    const history = await context.app.inject({
      method: 'GET',
      url: '/api/history',
      headers: bearer(leaver.session),
    });
    expect(history.json<HistoryResponse>().items).toEqual([]);
  });

  it('takes over the claim of an owner that crashed once its lease runs out, and completes', async () => {
    const user = await signUpTestUser(context.app);
    const crashedOwner = (title: string, author: string, leaseUntil: SQL) =>
      context.database.db
        .insert(workLeases)
        .values({ scope: 'summary', key: normKey(title, author, 'en'), ownerId: randomUUID(), leaseUntil });
    const claimsOf = (title: string, author: string) =>
      context.database.db
        .select()
        .from(workLeases)
        .where(and(eq(workLeases.scope, 'summary'), eq(workLeases.key, normKey(title, author, 'en'))));

    // A lease that ran out long ago is taken over at once.
    await crashedOwner('Getting Things Done', 'David Allen', sql`now() - interval '1 minute'`);
    const stale = await generate(user, {
      bookTitle: 'Getting Things Done',
      bookAuthor: 'David Allen',
      language: 'en',
    });
    expect(stale.statusCode).toBe(200);
    expect(context.llm.requests).toHaveLength(1);

    // A lease still live: the request waits for it to run out (no model call meanwhile), then takes over.
    await crashedOwner('Essentialism', 'Greg McKeown', sql`now() + interval '1500 milliseconds'`);
    const startedAt = performance.now();
    const pending = generate(
      user,
      { bookTitle: 'Essentialism', bookAuthor: 'Greg McKeown', language: 'en' },
      true,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(context.llm.requests).toHaveLength(1);
    const response = await pending;
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(1_000);
    const events = parseEvents(response.body);
    expect(stepsOf(events)).toEqual(['resolve', 'summarize', 'polish', 'done']);
    expect(context.llm.requests).toHaveLength(2);
    expect(context.llm.requests[1]?.user.split('\n')[0]).toBe('Title: Essentialism');

    expect(await claimsOf('Getting Things Done', 'David Allen')).toEqual([]);
    expect(await claimsOf('Essentialism', 'Greg McKeown')).toEqual([]);
    expect(await storedSummaries('Essentialism')).toHaveLength(1);
    expect((await calls.usage(user)).summariesUsed).toBe(2);
  });

  it('streams and stores the fiction sections of a book the model identifies as fiction', async () => {
    const user = await signUpTestUser(context.app);
    const title = 'novel-The Long Road Home';
    const response = await generate(
      user,
      { bookTitle: title, bookAuthor: 'Ann Writer', language: 'en' },
      true,
    );
    const events = parseEvents(response.body);
    expect(stepsOf(events)).toEqual(['resolve', 'summarize', 'polish', 'done']);
    expect(sectionsOf(events)).toEqual(FICTION_SECTIONS);
    expect(events.find((e) => e.type === 'section' && e.key === 'synopsis')).toMatchObject({
      value: sampleFiction(title).synopsis,
    });
    // Identified first, then summarised with the fiction prompt and schema.
    expect(context.llm.requests).toHaveLength(2);
    expect(context.llm.requests[1]?.user).toContain('novel or work of fiction');
    expect(JSON.stringify(context.llm.requests[1]?.body.response_format)).toContain('"synopsis"');

    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('no done event');
    const summary = await summaryOf(user, done.summaryId);
    expect(summary.content).toEqual({ kind: 'fiction', ...sampleFiction(title) });
    const [stored] = await storedSummaries(title);
    expect(stored?.kind).toBe('fiction');
    expect(stored?.content).toEqual({ kind: 'fiction', ...sampleFiction(title) });
  });

  it.each([
    ['a 429', { kind: 'status', status: 429 }, 'Eat That Frog!', 'Brian Tracy'],
    ['a 500', { kind: 'status', status: 500 }, 'The Compound Effect', 'Darren Hardy'],
    ['malformed output', { kind: 'malformed' }, 'The Miracle Morning', 'Hal Elrod'],
    ['a time-out', { kind: 'hang' }, 'Indistractable', 'Nir Eyal'],
  ] as const)(
    'retries the summary call of a catalogue book once after %s, and starts the sections over',
    async (_name, failure, bookTitle, bookAuthor) => {
      const user = await signUpTestUser(context.app);
      context.llm.enqueue(failure);
      const response = await generate(user, { bookTitle, bookAuthor, language: 'en' }, true);
      const events = parseEvents(response.body);
      expect(stepsOf(events)).toEqual(['resolve', 'summarize', 'summarize', 'polish', 'done']);
      const retryAt = events.findLastIndex((e) => e.type === 'progress' && e.step === 'summarize');
      expect(sectionsOf(events.slice(retryAt))).toEqual(NON_FICTION_SECTIONS);
      // No identification: both calls are the summary of the catalogue's book.
      expect(context.llm.requests).toHaveLength(2);
      for (const request of context.llm.requests)
        expect(request.user.split('\n')[0]).toBe(`Title: ${bookTitle}`);
      const done = events.at(-1);
      if (done?.type !== 'done') throw new Error('no done event');
      expect(done.usage.summariesUsed).toBe(1);
      expect((await summaryOf(user, done.summaryId)).content).toEqual({
        kind: 'nonfiction',
        ...sampleNonFiction(bookTitle),
      });
    },
  );
  const calls = readerClient(() => context.app);

  it('voids the sections of a summary call that broke off, and streams them again on the retry', async () => {
    const user = await signUpTestUser(context.app);
    const bookTitle = 'Digital Minimalism';
    const body = sampleNonFiction(bookTitle);
    // The connection breaks off just after the third section.
    const afterChars = JSON.stringify(body).indexOf('"routine"');
    context.llm.enqueue({ kind: 'drop', afterChars, body, chunkSize: 32 });
    const response = await generate(user, { bookTitle, bookAuthor: 'Cal Newport', language: 'en' }, true);
    const events = parseEvents(response.body);
    expect(stepsOf(events)).toEqual(['resolve', 'summarize', 'summarize', 'polish', 'done']);
    const retryAt = events.findLastIndex((e) => e.type === 'progress' && e.step === 'summarize');
    expect(sectionsOf(events.slice(0, retryAt))).toEqual(['oneLiner', 'keyIdeas', 'actions']);
    expect(sectionsOf(events.slice(retryAt))).toEqual(NON_FICTION_SECTIONS);
    expect(context.llm.requests).toHaveLength(2);
  });

  it.each([
    [
      'a 429 twice',
      [
        { kind: 'status', status: 429 },
        { kind: 'status', status: 429 },
      ],
    ],
    ['a 500, then malformed output', [{ kind: 'status', status: 500 }, { kind: 'malformed' }]],
    ['a time-out, then a 503', [{ kind: 'hang' }, { kind: 'status', status: 503 }]],
  ] as const)(
    'fails the summary call of a catalogue book after %s, storing nothing and charging nothing',
    async (_name, failures: readonly FakeLlmBehaviour[]) => {
      const user = await signUpTestUser(context.app);
      const book = { bookTitle: 'Four Thousand Weeks', bookAuthor: 'Oliver Burkeman', language: 'en' };
      context.llm.enqueue(...failures);
      const response = await generate(user, book, true, 'en');
      const events = parseEvents(response.body);
      expect(stepsOf(events)).toEqual(['resolve', 'summarize', 'summarize', 'error']);
      expect(events.at(-1)).toMatchObject({
        code: 'GENERATION_FAILED',
        message: 'Something went wrong. Please try again.',
      });
      expect(context.llm.requests).toHaveLength(2);
      expect(await storedSummaries('Four Thousand Weeks')).toEqual([]);
      expect(
        await context.database.db
          .select()
          .from(userSummaries)
          .where(eq(userSummaries.userId, user.session.user.id)),
      ).toEqual([]);
      expect((await calls.usage(user)).summariesUsed).toBe(0);
    },
  );

  it('shows the model at GET /api/status, by the shared contract, without a session', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/status' });
    expect(response.statusCode).toBe(200);
    const status = statusResponseSchema.strict().parse(response.json());
    expect(status).toEqual({
      llm: { provider: 'openai-compatible', model: 'fake-model', state: 'ready' },
      amazonAssociateTag: null,
    });
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
      // The status shows the error state within the shared contract; the cause is for admins.
      const status = await context.app.inject({ method: 'GET', url: '/api/status' });
      const { llm } = statusResponseSchema.strict().parse(status.json());
      expect(llm).toEqual({ provider: 'openai-compatible', model: 'none', state: 'error' });
    } finally {
      await context.close();
    }
  });
});

describe.each(TEST_DATABASES)('two instances on one %s database', (kind) => {
  it('make one model call for the same book, the owner renewing its lease, and both answer with it', async () => {
    const fake = await startFakeLlmServer({ responder: bookResponder({ chunkSize: 8, delayMs: 10 }) });
    // About 2.5 s of generation against a 600 ms lease: without renewals the other instance would take over.
    fake.enqueue({ kind: 'json', body: sampleNonFiction('The Lean Startup'), chunkSize: 32, delayMs: 60 });
    const env = { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model' };
    const generation = { leaseMs: 600, pollMs: 20 };
    const first = await createTestApp(kind, { env, generation });
    const second = await startSecondInstance(first, { env, generation });
    try {
      const reader = await signUpTestUser(first.app);
      const book = { bookTitle: 'The Lean Startup', bookAuthor: 'Eric Ries', language: 'es' };
      const ask = (app: App) =>
        app.inject({ method: 'POST', url: '/api/summaries', headers: bearer(reader.session), payload: book });
      const responses = await Promise.all([ask(first.app), ask(second.app), ask(first.app), ask(second.app)]);
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      const ids = new Set(responses.map((response) => response.json<GenerateSummaryResponse>().summaryId));
      expect(ids.size).toBe(1);
      expect(fake.requests).toHaveLength(1);
      const rows = await first.database.db
        .select()
        .from(bookSummaries)
        .where(and(eq(bookSummaries.language, 'es'), eq(bookSummaries.author, 'Eric Ries')));
      expect(rows).toHaveLength(1);
      expect(await first.database.db.select().from(workLeases)).toEqual([]);
    } finally {
      await second.close();
      await first.close();
      await fake.close();
    }
  });
});
