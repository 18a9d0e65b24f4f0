import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  normKey,
  translations,
  type ErrorResponse,
  type GenerateSummaryResponse,
  type Language,
  type Summary,
  type TranslateSummaryResponse,
} from '@summa/shared';
import { bookSummaries, userSubscriptions, workLeases } from '../../../db/schema/index.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../../test/fake-llm-server.js';
import { parseEvents } from '../../../test/sse-client.js';
import {
  bookResponder,
  NON_FICTION_SECTION_ORDER,
  sampleNonFiction,
} from '../../../test/summary-responder.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../../test/test-app.js';
import { bearer, signUpTestUser, type TestUser } from '../../../test/test-users.js';

const AUTHOR = 'Autora de Teste';

describe.each(TEST_DATABASES)('instant translation on %s', (kind) => {
  let fake: FakeLlmServer;
  let context: TestContext;

  beforeAll(async () => {
    fake = await startFakeLlmServer();
    fake.respondWith(bookResponder());
    context = await createTestApp(kind, { env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model' } });
  });
  afterAll(async () => {
    await context.close();
    await fake.close();
  });

  async function premiumReader(): Promise<TestUser> {
    const reader = await signUpTestUser(context.app);
    await context.database.db
      .update(userSubscriptions)
      .set({ plan: 'premium' })
      .where(eq(userSubscriptions.userId, reader.session.user.id));
    return reader;
  }

  /** A reader's generation of a summary of the test author's `title`. */
  const generate = (reader: TestUser, title: string, language: Language) =>
    context.app.inject({
      method: 'POST',
      url: '/api/summaries',
      headers: bearer(reader.session),
      payload: { bookTitle: title, bookAuthor: AUTHOR, language },
    });

  /** A stored Portuguese summary (a fresh title each time, so tests do not share translations). */
  async function sourceSummary(reader: TestUser, prefix = 'Livro'): Promise<{ id: string; title: string }> {
    const title = `${prefix} ${randomUUID().slice(0, 8)}`;
    const response = await generate(reader, title, 'pt');
    expect(response.statusCode).toBe(200);
    return { id: response.json<GenerateSummaryResponse>().summaryId, title };
  }

  const translate = (
    summaryId: string,
    reader: TestUser | undefined,
    body: object,
    headers: Record<string, string> = {},
  ) =>
    context.app.inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/translations`,
      headers: { ...(reader ? bearer(reader.session) : {}), 'accept-language': 'es', ...headers },
      payload: body,
    });

  const storedAt = async (title: string, language: Language) =>
    context.database.db
      .select({ id: bookSummaries.id, translatedFromId: bookSummaries.translatedFromId })
      .from(bookSummaries)
      .where(eq(bookSummaries.normKey, normKey(title, AUTHOR, language)));

  it('stores a Premium translation under the target norm_key, linked to its source; later readers get it free', async () => {
    const reader = await premiumReader();
    const source = await sourceSummary(reader);
    const before = fake.requests.length;
    const response = await translate(source.id, reader, { language: 'es' });
    expect(response.statusCode).toBe(200);
    const translated = response.json<TranslateSummaryResponse>();
    expect(translated.cached).toBe(false);
    expect(fake.requests.length - before).toBe(1);
    expect(fake.requests.at(-1)?.user).toContain('"oneLiner"');
    expect(await storedAt(source.title, 'es')).toEqual([
      { id: translated.summaryId, translatedFromId: source.id },
    ]);

    const read = await context.app.inject({
      method: 'GET',
      url: `/api/summaries/${translated.summaryId}`,
      headers: bearer(reader.session),
    });
    const summary = read.json<Summary>();
    expect(summary).toMatchObject({ title: source.title, author: AUTHOR, language: 'es' });
    expect(summary.content.oneLiner).toBe(
      `[es] ${source.title}: pequeños cambios constantes suman grandes resultados.`,
    );

    // Another Premium reader's translation and a Free reader's generation: the stored one, no model.
    const other = await premiumReader();
    const again = await translate(source.id, other, { language: 'es' });
    expect(again.json<TranslateSummaryResponse>()).toEqual({ summaryId: translated.summaryId, cached: true });
    const free = await signUpTestUser(context.app);
    const generated = await generate(free, source.title, 'es');
    expect(generated.json<GenerateSummaryResponse>()).toMatchObject({
      summaryId: translated.summaryId,
      cached: true,
    });
    expect(fake.requests.length - before).toBe(1);
  });

  it('runs one model call for 100 concurrent requests', async () => {
    const reader = await premiumReader();
    const source = await sourceSummary(reader);
    const before = fake.requests.length;
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => translate(source.id, reader, { language: 'en' })),
    );
    const ids = new Set(responses.map((response) => response.json<TranslateSummaryResponse>().summaryId));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
    expect(fake.requests.length - before).toBe(1);
    expect(await storedAt(source.title, 'en')).toHaveLength(1);
  });

  it('shares one flight with a generation of the same book and language: one model call, one row', async () => {
    const reader = await premiumReader();
    const source = await sourceSummary(reader);
    // Slow enough that the generation arrives while the translation is being written.
    const answer = bookResponder();
    fake.respondWith(async (request) => {
      const behaviour = await answer(request);
      return behaviour.kind === 'json' ? { ...behaviour, chunkSize: 16, delayMs: 15 } : behaviour;
    });
    try {
      const before = fake.requests.length;
      const translation = translate(source.id, reader, { language: 'en' });
      await fake.waitForRequests(before + 1);
      const free = await signUpTestUser(context.app);
      const generation = await generate(free, source.title, 'en');
      const translated = (await translation).json<TranslateSummaryResponse>();
      expect(generation.json<GenerateSummaryResponse>()).toMatchObject({
        summaryId: translated.summaryId,
        cached: false,
      });
      expect(fake.requests.length - before).toBe(1);
      expect(await storedAt(source.title, 'en')).toEqual([
        { id: translated.summaryId, translatedFromId: source.id },
      ]);
    } finally {
      fake.respondWith(bookResponder());
    }
  });

  it('streams progress and sections like a generation', async () => {
    const reader = await premiumReader();
    const source = await sourceSummary(reader);
    const response = await translate(source.id, reader, { language: 'en' }, { accept: 'text/event-stream' });
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = parseEvents(response.body);
    expect(events.filter((event) => event.type === 'progress').map((event) => event.percent)).toEqual([
      25, 50, 75,
    ]);
    expect(events.filter((event) => event.type === 'section').map((event) => event.key)).toEqual(
      NON_FICTION_SECTION_ORDER,
    );
    const [stored] = await storedAt(source.title, 'en');
    expect(events.at(-1)).toEqual({
      type: 'done',
      step: 'done',
      percent: 100,
      summaryId: stored?.id,
      cached: false,
    });
  });

  it('gates on the server: visitor 401, Free 403 whatever the body claims, same language and unknown', async () => {
    const reader = await premiumReader();
    const source = await sourceSummary(reader);
    const free = await signUpTestUser(context.app);
    const before = fake.requests.length;

    expect((await translate(source.id, undefined, { language: 'en' })).statusCode).toBe(401);
    const refused = await translate(source.id, free, { language: 'en', plan: 'premium', premium: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorResponse>().error).toEqual({
      code: 'PREMIUM_REQUIRED',
      message: translations.es.errors.PREMIUM_REQUIRED,
    });
    const same = await translate(source.id, reader, { language: 'pt' });
    expect(same.statusCode).toBe(400);
    expect(same.json<ErrorResponse>().error.code).toBe('TRANSLATION_SAME_LANGUAGE');
    const unsupported = await translate(source.id, reader, { language: 'fr' });
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json<ErrorResponse>().error.code).toBe('VALIDATION_ERROR');
    for (const id of [randomUUID(), 'not-a-summary']) {
      const unknown = await translate(id, reader, { language: 'en' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<ErrorResponse>().error.code).toBe('NOT_FOUND');
    }
    expect(fake.requests.length).toBe(before);
    expect(await storedAt(source.title, 'en')).toEqual([]);
  });

  it('stores nothing when the model answers something unusable, and a retry then works', async () => {
    const reader = await premiumReader();
    const source = await sourceSummary(reader);
    // Not JSON, then valid JSON that drops items: a faithful translation keeps every one.
    const { keyIdeas, ...rest } = sampleNonFiction('Traduzido');
    fake.enqueue(
      { kind: 'malformed' },
      { kind: 'json', body: { ...rest, keyIdeas: [...keyIdeas, keyIdeas[0]] } },
    );
    const failed = await translate(source.id, reader, { language: 'en' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json<ErrorResponse>().error).toEqual({
      code: 'TRANSLATION_FAILED',
      message: translations.es.errors.TRANSLATION_FAILED,
    });
    expect(await storedAt(source.title, 'en')).toEqual([]);

    const retried = await translate(source.id, reader, { language: 'en' });
    expect(retried.statusCode).toBe(200);
    expect(await storedAt(source.title, 'en')).toHaveLength(1);
  });

  it('stores nothing when the model fails half-way, releases the claim, and a retry works', async () => {
    const reader = await premiumReader();
    const source = await sourceSummary(reader);
    const halfWay = { kind: 'drop', afterChars: 300, body: sampleNonFiction('Meio') } as const;
    fake.enqueue(halfWay, halfWay);
    const failed = await translate(source.id, reader, { language: 'en' }, { accept: 'text/event-stream' });
    const events = parseEvents(failed.body);
    expect(events.some((event) => event.type === 'section')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'TRANSLATION_FAILED' });
    expect(await storedAt(source.title, 'en')).toEqual([]);
    const [lease] = await context.database.db
      .select({ failedCode: workLeases.failedCode, leaseUntil: workLeases.leaseUntil })
      .from(workLeases)
      .where(and(eq(workLeases.scope, 'summary'), eq(workLeases.key, normKey(source.title, AUTHOR, 'en'))));
    expect(lease?.failedCode).toBe('TRANSLATION_FAILED');
    expect(lease?.leaseUntil.getTime()).toBeLessThanOrEqual(Date.now());

    const retried = await translate(source.id, reader, { language: 'en' });
    expect(retried.statusCode).toBe(200);
    expect(await storedAt(source.title, 'en')).toEqual([
      { id: retried.json<TranslateSummaryResponse>().summaryId, translatedFromId: source.id },
    ]);
  });
});
