import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { ErrorResponse, Usage } from '@summa/shared';
import { buildApp, type App } from '../app.js';
import type { DatabaseKind } from '../db/database.js';
import { userSubscriptions } from '../db/schema/index.js';
import { useAppWithFakeModels } from '../test/app-with-fake-models.js';
import { createTestApp, TEST_DATABASES, testConfig, type TestContext } from '../test/test-app.js';
import { TEST_REDIS_URL } from '../test/test-redis.js';
import { bearer, signUpTestUser, uniqueIp, type TestUser } from '../test/test-users.js';

describe.each(TEST_DATABASES)('fair use with counters in a table of %s', (kind) => {
  fairUseSuite(kind, undefined);
});

describe.runIf(TEST_REDIS_URL !== undefined)('fair use with counters in Redis', () => {
  fairUseSuite('pglite', TEST_REDIS_URL);
});

const PER_READER = 3;
const GLOBAL = 5;
const CATALOG = 20;

const MESSAGES = {
  GENERATION_RATE_LIMITED: {
    en: 'You have generated many summaries in a short time. Please wait a little before the next one.',
    pt: 'Você gerou muitos resumos em pouco tempo. Aguarde um pouco antes do próximo.',
    es: 'Has generado muchos resúmenes en poco tiempo. Espera un poco antes del siguiente.',
  },
  GENERATION_BUSY: {
    en: 'Many summaries are being generated right now. Please try again in a minute.',
  },
} as const;

function expectRefused(response: LightMyRequestResponse, code: string, message: string, maxSeconds: number) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(response.json<ErrorResponse>()).toEqual({ error: { code, message } });
}

function fairUseSuite(kind: DatabaseKind, redisUrl: string | undefined) {
  const context = useAppWithFakeModels(kind, {
    env: {
      GENERATION_LIMIT_PER_USER_PER_HOUR: String(PER_READER),
      GENERATION_LIMIT_GLOBAL_PER_MINUTE: String(GLOBAL),
      CATALOG_RATE_LIMIT_PER_MINUTE: String(CATALOG),
      // This run's own keys: parallel runs on one Redis share no global counter.
      ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `summa-test-${randomUUID()}:` } : {}),
    },
  });

  const premiumReader = async (): Promise<TestUser> => {
    const user = await signUpTestUser(context.app);
    await context.database.db
      .update(userSubscriptions)
      .set({ plan: 'premium' })
      .where(eq(userSubscriptions.userId, user.session.user.id));
    return user;
  };
  const newBook = () => ({
    bookTitle: `Fair Use ${randomUUID().slice(0, 8)}`,
    bookAuthor: 'Ann Author',
    language: 'en',
  });
  const generate = (
    user: TestUser,
    book: object,
    headers: Record<string, string> = {},
    app: App = context.app,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/summaries',
      headers: { ...bearer(user.session), 'accept-language': 'en', ...headers },
      payload: book,
    });
  const usedBy = async (user: TestUser) =>
    (
      await context.app.inject({ method: 'GET', url: '/api/me/usage', headers: bearer(user.session) })
    ).json<Usage>().summariesUsed;

  // One test runs the global limit down: it runs last, and the others stay under it together.
  it('limits real generations per reader, counting stored summaries for nothing', async () => {
    const reader = await premiumReader();
    const books = Array.from({ length: PER_READER }, newBook);
    for (const book of books) expect((await generate(reader, book)).statusCode).toBe(200);
    const modelCalls = context.llm.requests.length;

    const refused = await generate(reader, newBook());
    expectRefused(refused, 'GENERATION_RATE_LIMITED', MESSAGES.GENERATION_RATE_LIMITED.en, 3600 / PER_READER);
    // Refused before the stream opens, in the reader's language, and before any model call or charge.
    const streamed = await generate(reader, newBook(), {
      accept: 'text/event-stream',
      'accept-language': 'es',
    });
    expectRefused(
      streamed,
      'GENERATION_RATE_LIMITED',
      MESSAGES.GENERATION_RATE_LIMITED.es,
      3600 / PER_READER,
    );
    expect(context.llm.requests.length).toBe(modelCalls);
    expect(await usedBy(reader)).toBe(PER_READER);

    // Summaries already stored cost no model call, and are not limited.
    const again = await generate(reader, books[0]!);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ cached: boolean }>().cached).toBe(true);
    const other = await premiumReader();
    expect((await generate(other, books[1]!)).json<{ cached: boolean }>().cached).toBe(true);
    expect(context.llm.requests.length).toBe(modelCalls);
  });

  it('limits real generations across readers and instances (shared store)', async () => {
    // A second instance on the same database (and Redis): the earlier test generated PER_READER
    // of the GLOBAL allowance on the first.
    const second = await buildApp({ config: testConfig(context.env), database: context.database });
    await second.ready();
    try {
      const readers = await Promise.all(Array.from({ length: 2 }, premiumReader));
      const left = GLOBAL - PER_READER;
      for (let index = 0; index < left; index++) {
        const app = index % 2 === 0 ? second : context.app;
        expect((await generate(readers[index % 2]!, newBook(), {}, app)).statusCode).toBe(200);
      }
      for (const app of [second, context.app]) {
        expectRefused(
          await generate(readers[0]!, newBook(), {}, app),
          'GENERATION_BUSY',
          MESSAGES.GENERATION_BUSY.en,
          60,
        );
      }
      // Nothing was charged for the refused ones.
      expect(await usedBy(readers[0]!)).toBe(Math.ceil(left / 2));
    } finally {
      await second.close();
    }
  });

  it('limits the public catalogue per address, in the error shape, with Retry-After', async () => {
    const ip = uniqueIp();
    const requests = [
      { method: 'GET' as const, url: '/api/catalog/books?q=habit' },
      { method: 'GET' as const, url: '/api/catalog/categories' },
      { method: 'POST' as const, url: '/api/catalog/search', payload: { query: 'hab', lang: 'en' } },
    ];
    for (let index = 0; index < CATALOG; index++) {
      const request = requests[index % requests.length]!;
      expect((await context.app.inject({ ...request, remoteAddress: ip })).statusCode).toBe(200);
    }
    for (const request of requests) {
      const refused = await context.app.inject({
        ...request,
        remoteAddress: ip,
        headers: { 'accept-language': 'en' },
      });
      expectRefused(
        refused,
        'RATE_LIMITED',
        'Too many attempts. Please wait a little and try again.',
        60 / CATALOG,
      );
    }
    // Other addresses, and what the limit does not cover, still answer.
    expect((await context.app.inject({ ...requests[2]!, remoteAddress: uniqueIp() })).statusCode).toBe(200);
    expect((await context.app.inject({ method: 'GET', url: '/healthz', remoteAddress: ip })).statusCode).toBe(
      200,
    );
  });
}

describe('the default public catalogue limit', () => {
  let context: TestContext;
  beforeAll(async () => {
    // Empty means the default, as in production.
    context = await createTestApp('pglite', { env: { CATALOG_RATE_LIMIT_PER_MINUTE: '' } });
  });
  afterAll(async () => {
    await context.close();
  });

  it('lets a reader type in the search box (a search per keystroke, 150 in a row) and browse', async () => {
    const ip = uniqueIp();
    const text = 'the seven habits of highly effective people and atomic habits';
    for (let index = 0; index < 150; index++) {
      const q = text.slice(0, 2 + (index % (text.length - 2)));
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/catalog/search',
        remoteAddress: ip,
        payload: { query: q, lang: 'en' },
      });
      expect(response.statusCode).toBe(200);
    }
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/catalog/books', remoteAddress: ip })).statusCode,
    ).toBe(200);
  });
});
