import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoResponseSchema,
  normKey,
  summarySchema,
  type DemoResponse,
  type GenerateSummaryResponse,
  type Language,
  type Summary,
} from '@summa/shared';
import { bookSummaries, catalogImports } from '../../../db/schema/index.js';
import { useAppWithFakeModels } from '../../../test/app-with-fake-models.js';
import {
  createTestApp,
  startSecondInstance,
  TEST_DATABASES,
  type TestContext,
} from '../../../test/test-app.js';
import { bearer, signUpTestUser, type TestUser } from '../../../test/test-users.js';
import { readerClient } from '../../../test/reader-client.js';
import { loadEditorialLibrary } from './editorial-data.js';

const LIBRARY = loadEditorialLibrary();
const DEMO = LIBRARY.find((entry) => entry.demo)!;
const LANGUAGES_OF_THE_LIBRARY: Language[] = ['pt', 'en', 'es'];

/** The editorial rows as stored: key, id, source, content and the row version (xmin). */
const editorialRows = (context: { database: TestContext['database'] }) =>
  context.database.db
    .select({
      id: bookSummaries.id,
      normKey: bookSummaries.normKey,
      language: bookSummaries.language,
      title: bookSummaries.title,
      author: bookSummaries.author,
      source: bookSummaries.source,
      model: bookSummaries.model,
      bookId: bookSummaries.bookId,
      content: bookSummaries.content,
      version: sql<string>`xmin::text`,
    })
    .from(bookSummaries)
    .where(sql`${bookSummaries.source} <> 'model' or ${bookSummaries.normKey} like '%#replaced-%'`)
    .orderBy(bookSummaries.normKey);

describe.each(TEST_DATABASES)('the editorial library on %s', (kind) => {
  let storageDir: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'summa-editorial-'));
  });
  afterAll(async () => {
    await rm(storageDir, { recursive: true, force: true });
  });
  const context = useAppWithFakeModels(kind, () => ({ env: { STORAGE_DIR: storageDir } }), { voice: true });
  const calls = readerClient(() => context.app);

  const generate = (user: TestUser, bookTitle: string, bookAuthor: string, language: Language) =>
    context.app.inject({
      method: 'POST',
      url: '/api/summaries',
      headers: bearer(user.session),
      payload: { bookTitle, bookAuthor, language },
    });
  const demo = (language: string, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'GET', url: `/api/demo?language=${language}`, headers });

  it('is seeded at start: every book in the three languages, marked editorial, under the key a generation looks up', async () => {
    const rows = await editorialRows(context);
    expect(LIBRARY.length).toBeGreaterThanOrEqual(6);
    expect(rows).toHaveLength(LIBRARY.length * 3);
    for (const row of rows) {
      expect(row).toMatchObject({ source: 'editorial', model: 'editorial' });
      expect(row.bookId).not.toBeNull();
      expect(row.normKey).toBe(normKey(row.title, row.author, row.language));
    }
    const keys = new Set(rows.map((row) => row.normKey));
    expect(keys.size).toBe(rows.length);
    for (const entry of LIBRARY) {
      for (const language of LANGUAGES_OF_THE_LIBRARY) {
        const stored = rows.find((row) => row.content.oneLiner === entry.summaries[language].oneLiner);
        expect(stored, `${entry.slug} ${language}`).toMatchObject({
          language,
          content: { kind: 'nonfiction', ...entry.summaries[language] },
        });
      }
    }
  });

  it('writes nothing on a second start, and nothing either when it has to compare every summary', async () => {
    const before = await editorialRows(context);
    const second = await startSecondInstance(
      { app: context.app, database: context.database, close: async () => {} },
      {
        env: context.env,
      },
    );
    await second.close();
    expect(await editorialRows(context)).toEqual(before);

    // Without the recorded hash, the seed reads the library and the catalogue again and compares.
    await context.database.db.delete(catalogImports).where(eq(catalogImports.id, 'editorial'));
    const third = await startSecondInstance(
      { app: context.app, database: context.database, close: async () => {} },
      {
        env: context.env,
      },
    );
    await third.close();
    expect(await editorialRows(context)).toEqual(before);
  });

  it('serves a generation of an editorial book and language without calling the model, charged like a stored summary', async () => {
    const reader = await signUpTestUser(context.app);
    const [expected] = (await editorialRows(context)).filter(
      (row) => row.language === 'pt' && row.content.oneLiner === DEMO.summaries.pt.oneLiner,
    );
    // By the English title, as the search box's free text would send it, and by the Portuguese edition's.
    for (const title of [DEMO.book.title, expected!.title]) {
      const response = await generate(reader, title, DEMO.book.author, 'pt');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<GenerateSummaryResponse>()).toMatchObject({
        summaryId: expected!.id,
        cached: true,
        usage: { summariesUsed: 1 },
      });
    }
    expect(context.llm.requests).toEqual([]);

    const read = await context.app.inject({
      method: 'GET',
      url: `/api/summaries/${expected!.id}`,
      headers: bearer(reader.session),
    });
    const summary = summarySchema.parse(read.json<Summary>());
    expect(summary).toMatchObject({ editorial: true, language: 'pt', content: { kind: 'nonfiction' } });
    expect(summary.content).toEqual({ kind: 'nonfiction', ...DEMO.summaries.pt });

    // Any other book is the model's, and says so.
    const generated = await calls.summaryFor(reader, 'A Book Outside The Library', 'Some Author', 'en');
    expect(context.llm.requests.length).toBeGreaterThan(0);
    const other = await context.app.inject({
      method: 'GET',
      url: `/api/summaries/${generated}`,
      headers: bearer(reader.session),
    });
    expect(other.json<Summary>().editorial).toBe(false);
  });

  it('keeps an editor’s change, and moves aside a summary the model wrote under an editorial key', async () => {
    const rows = await editorialRows(context);
    const edited = rows.find((row) => row.language === 'en')!;
    const modelWritten = rows.find((row) => row.language === 'es')!;
    const db = context.database.db;
    await db
      .update(bookSummaries)
      .set({ source: 'editor', content: { ...edited.content, oneLiner: 'An editor rewrote this line.' } })
      .where(eq(bookSummaries.id, edited.id));
    // As if a reader had generated the book before the library shipped it.
    await db
      .update(bookSummaries)
      .set({
        source: 'model',
        model: 'fake:fake-model',
        content: { ...modelWritten.content, oneLiner: 'The model wrote this.' },
      })
      .where(eq(bookSummaries.id, modelWritten.id));
    await db.delete(catalogImports).where(eq(catalogImports.id, 'editorial'));

    const again = await startSecondInstance(
      { app: context.app, database: context.database, close: async () => {} },
      {
        env: context.env,
      },
    );
    await again.close();

    const [keptRow] = await db.select().from(bookSummaries).where(eq(bookSummaries.id, edited.id));
    expect(keptRow).toMatchObject({
      source: 'editor',
      content: { oneLiner: 'An editor rewrote this line.' },
    });
    const [aside] = await db.select().from(bookSummaries).where(eq(bookSummaries.id, modelWritten.id));
    expect(aside).toMatchObject({
      source: 'model',
      normKey: `${modelWritten.normKey}#replaced-${modelWritten.id}`,
      content: { oneLiner: 'The model wrote this.' },
    });
    const [restored] = await db
      .select()
      .from(bookSummaries)
      .where(eq(bookSummaries.normKey, modelWritten.normKey));
    expect(restored).toMatchObject({ source: 'editorial', content: modelWritten.content });
    expect(restored!.id).not.toBe(modelWritten.id);

    // The test's own changes undone, for the tests after it.
    await db
      .update(bookSummaries)
      .set({ source: 'editorial', content: edited.content })
      .where(eq(bookSummaries.id, edited.id));
  });

  it.each(LANGUAGES_OF_THE_LIBRARY)(
    'answers /api/demo in %s without a session, and narrates it once, on the house',
    async (language) => {
      const first = await demo(language);
      expect(first.statusCode, first.body).toBe(200);
      const answer = demoResponseSchema.parse(first.json<DemoResponse>());
      expect(answer.summary).toMatchObject({
        language,
        author: DEMO.book.author,
        editorial: true,
        content: { kind: 'nonfiction', ...DEMO.summaries[language] },
      });

      // The narration is made in the background; asking again meanwhile starts nothing new.
      let audio = answer.audio;
      for (let attempt = 0; !audio && attempt < 200; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        audio = demoResponseSchema.parse((await demo(language)).json()).audio;
      }
      expect(audio).toMatchObject({ summaryId: answer.summary.id, language });
      const narrated = context.tts.requests.length;
      expect(narrated).toBe(audio!.parts.length);

      const file = await context.app.inject({ method: 'GET', url: audio!.parts[0]!.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('audio/mpeg');

      const later = demoResponseSchema.parse((await demo(language)).json());
      expect(later.audio?.parts.map((part) => part.bytes)).toEqual(audio!.parts.map((part) => part.bytes));
      expect(context.tts.requests).toHaveLength(narrated);
      expect(context.llm.requests).toEqual([]);
    },
  );

  it('lets a visitor make no other audio, and refuses a bad language', async () => {
    const reader = await signUpTestUser(context.app);
    const other = await calls.summaryFor(reader, 'Another Book Outside', 'Some Author', 'en');
    const demoId = demoResponseSchema.parse((await demo('en')).json()).summary.id;
    for (const summaryId of [other, demoId]) {
      const make = await context.app.inject({
        method: 'POST',
        url: `/api/summaries/${summaryId}/audio`,
        payload: { language: 'en' },
      });
      expect(make.statusCode).toBe(401);
      const read = await context.app.inject({
        method: 'GET',
        url: `/api/summaries/${summaryId}/audio?language=en`,
      });
      expect(read.statusCode).toBe(401);
    }
    // The demo names its own summary: an id in the query changes nothing.
    const named = await context.app.inject({
      method: 'GET',
      url: `/api/demo?language=en&summaryId=${other}&id=${other}`,
    });
    expect(demoResponseSchema.parse(named.json()).summary.id).toBe(demoId);
    expect(
      context.tts.requests.every((request) => !JSON.stringify(request.body).includes('Another Book')),
    ).toBe(true);

    for (const language of ['fr', '', 'PT']) {
      const refused = await demo(language, { 'accept-language': 'en' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    expect((await context.app.inject({ method: 'GET', url: '/api/demo' })).statusCode).toBe(400);
  });
});

describe.each(TEST_DATABASES)('the demo’s rate limit on %s', (kind) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp(kind, { env: { CATALOG_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => context.close());

  it('limits /api/demo per client address like the public catalogue', async () => {
    const ask = (remoteAddress: string) =>
      context.app.inject({ method: 'GET', url: '/api/demo?language=en', remoteAddress });
    for (let index = 0; index < 3; index++) expect((await ask('203.0.113.7')).statusCode).toBe(200);
    const refused = await ask('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await ask('203.0.113.8')).statusCode).toBe(200);
  });
});
