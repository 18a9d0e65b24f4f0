import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  catalogSearchResponseSchema,
  LANGUAGES,
  LEVELS,
  type Book,
  type CatalogImportResponse,
  type CategoriesResponse,
  type ErrorResponse,
  type ExploreResponse,
  type GenerateSummaryResponse,
  type Language,
  type RandomBookResponse,
  type Suggestion,
} from '@summa/shared';
import { buildApp } from '../../app.js';
import { books } from '../../db/schema/index.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../test/fake-llm-server.js';
import { bookResponder } from '../../test/summary-responder.js';
import { insertSpanishSummaryOf } from '../../test/book-records.js';
import { createTestApp, testConfig, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { bearer, signUpTestAdmin, signUpTestUser, type TestUser } from '../../test/test-users.js';
import { CATALOG } from './catalog-data.js';
import { editBookAsAdmin, upsertBooks } from './catalog-import.repository.js';
import { bookIdForSlug, catalogInputs, importCatalog, slugOf } from './catalog-import.service.js';

const ADMIN_EMAIL = 'catalog-admin@example.com';

const hasEdition = (entry: (typeof CATALOG)[number], language: 'pt' | 'en' | 'es') => {
  const original = entry.lang ?? 'en';
  if (language === 'en') return original === 'en' || Boolean(entry.en);
  return original === language || Boolean(entry[language]);
};

/** Lower case, no accents: what A-Z compares (byte order). */
const sortKey = (title: string) =>
  title
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

describe.each(TEST_DATABASES)('catalogue on %s', (kind) => {
  let context: TestContext;
  let fake: FakeLlmServer;

  beforeAll(async () => {
    // The fake model writes the summaries of the history and Explore tests.
    fake = await startFakeLlmServer({ responder: bookResponder() });
    // Refresh 0: every search first checks whether the catalogue changed, so rows written
    // straight to the database show at once.
    context = await createTestApp(kind, {
      env: {
        ADMIN_EMAILS: `${ADMIN_EMAIL},other-${ADMIN_EMAIL}`,
        CATALOG_REFRESH_SECONDS: '0',
        LLM_BASE_URL: fake.baseUrl,
        LLM_MODEL: 'fake-model',
      },
    });
  });
  afterAll(async () => {
    await context.close();
    await fake.close();
  });

  const search = async (payload: Record<string, unknown>, user?: TestUser) => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/catalog/search',
      payload,
      ...(user ? { headers: bearer(user.session) } : {}),
    });
    return response;
  };
  const suggest = async (
    query: string,
    lang = 'pt',
    limit?: number,
    user?: TestUser,
  ): Promise<Suggestion[]> => {
    const response = await search({ query, lang, ...(limit === undefined ? {} : { limit }) }, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ books: Suggestion[] }>().books;
  };
  /** Has the fake model write a summary for `user`, as the home page would ask for it. */
  const generate = async (user: TestUser, bookTitle: string, bookAuthor: string, language: Language) => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/summaries',
      headers: { ...bearer(user.session), 'accept-language': language },
      payload: { bookTitle, bookAuthor, language },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GenerateSummaryResponse>().summaryId;
  };
  const TEST_BOOK_ID = '00000000-0000-4000-8000-000000000001';
  /** A catalogue book whose title contains % (removed again by the caller). */
  const addHundredPercentBook = () =>
    upsertBooks(context.database.db, [
      {
        ...catalogInputs()[0]!,
        id: TEST_BOOK_ID,
        slug: 'test-100-percent',
        title: '100% Test Book',
        titleEn: '100% Test Book',
        titlePt: null,
        titleEs: null,
        author: 'Test Author',
        source: 'import',
      },
    ]);
  const removeHundredPercentBook = () =>
    context.database.db.execute(sql`delete from books where slug = 'test-100-percent'`);
  const explore = async (query: string) => {
    const response = await context.app.inject({ method: 'GET', url: `/api/catalog/books?${query}` });
    return response;
  };
  const exploreOk = async (query: string): Promise<ExploreResponse> => {
    const response = await explore(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ExploreResponse>();
  };
  const errorCode = (response: { json: () => unknown }) => (response.json() as ErrorResponse).error.code;

  describe('seeding', () => {
    it('imports the whole catalogue at start', async () => {
      const body = await exploreOk('pageSize=1');
      expect(body.total).toBe(CATALOG.length);
    });

    it('skips an unchanged catalogue and re-imports nothing twice', async () => {
      const again = await importCatalog(context.database.db);
      expect(again).toMatchObject({ skipped: true, inserted: 0, updated: 0 });
      const forced = await importCatalog(context.database.db, { force: true });
      expect(forced).toEqual({
        skipped: false,
        total: CATALOG.length,
        inserted: 0,
        updated: 0,
        unchanged: CATALOG.length,
        kept: 0,
      });
      expect((await exploreOk('pageSize=1')).total).toBe(CATALOG.length);
    });

    it('puts back a changed row and keeps its id', async () => {
      const db = context.database.db;
      const deepWork = () =>
        db.select({ id: books.id, titlePt: books.titlePt }).from(books).where(eq(books.slug, 'deep-work'));
      const [before] = await deepWork();
      await db.execute(sql`update books set trending_score = 1, title_pt = 'x' where slug = 'deep-work'`);
      const result = await importCatalog(db, { force: true });
      expect(result).toMatchObject({ inserted: 0, updated: 1, unchanged: CATALOG.length - 1 });
      expect(await deepWork()).toEqual([{ id: before?.id, titlePt: 'Trabalho Focado' }]);
    });

    it('never overwrites a book an admin edited, and counts it as kept', async () => {
      const db = context.database.db;
      const admin = await signUpTestUser(context.app, { email: `editor-${ADMIN_EMAIL}` });
      const deepWorkId = bookIdForSlug('deep-work');
      const row = async (slug: string) => {
        const [found] = await db
          .select({
            titlePt: books.titlePt,
            trendingScore: books.trendingScore,
            editOrigin: books.editOrigin,
            editedBy: books.editedBy,
          })
          .from(books)
          .where(eq(books.slug, slug));
        return found;
      };
      const edited = await editBookAsAdmin(
        db,
        deepWorkId,
        { titlePt: 'Trabalho Focado (edição revista)', trendingScore: 3 },
        admin.session.user.id,
      );
      expect(edited).toMatchObject({ id: deepWorkId, titlePt: 'Trabalho Focado (edição revista)' });
      expect(
        await editBookAsAdmin(db, '00000000-0000-4000-8000-00000000dead', { year: 1 }, admin.session.user.id),
      ).toBeUndefined();
      // The edit is live at once (the search index sees the row change).
      expect((await suggest('edicao revista', 'pt'))[0]?.title).toBe('Trabalho Focado (edição revista)');
      // A row changed outside the app (not an admin edit) is still put back.
      await db.execute(sql`update books set trending_score = 1 where slug = 'zero-to-one'`);
      try {
        const forced = await importCatalog(db, { force: true });
        expect(forced).toEqual({
          skipped: false,
          total: CATALOG.length,
          inserted: 0,
          updated: 1,
          unchanged: CATALOG.length - 2,
          kept: 1,
        });
        expect(await row('deep-work')).toEqual({
          titlePt: 'Trabalho Focado (edição revista)',
          trendingScore: 3,
          editOrigin: 'admin',
          editedBy: admin.session.user.id,
        });
        expect((await row('zero-to-one'))?.editOrigin).toBe('catalog');
        // A deploy whose catalogue changed imports at start and keeps the edit too.
        await db.execute(sql`update catalog_imports set content_hash = 'an older catalogue'`);
        const atStart = await importCatalog(db);
        expect(atStart).toMatchObject({ skipped: false, updated: 0, kept: 1 });
        expect((await row('deep-work'))?.titlePt).toBe('Trabalho Focado (edição revista)');
        // An edit that matches the catalogue again is unchanged, not kept.
        const shipped = catalogInputs().find((input) => input.slug === 'deep-work')!;
        const { titlePt, trendingScore } = shipped;
        await editBookAsAdmin(db, deepWorkId, { titlePt, trendingScore }, admin.session.user.id);
        expect(await importCatalog(db, { force: true })).toMatchObject({ updated: 0, kept: 0 });
      } finally {
        // Hand the book back to the catalogue for the other tests.
        await db.execute(
          sql`update books set edit_origin = 'catalog', edited_by = null where slug = 'deep-work'`,
        );
        await importCatalog(db, { force: true });
      }
      expect(await row('deep-work')).toMatchObject({ titlePt: 'Trabalho Focado', editOrigin: 'catalog' });
    });

    it('lets a second instance start on the same database without duplicates', async () => {
      const second = await buildApp({ config: testConfig(), database: context.database });
      await second.ready();
      await second.close();
      expect((await exploreOk('pageSize=1')).total).toBe(CATALOG.length);
    });
  });

  describe('search box', () => {
    it.each([
      ['habitos atomicos', 'pt', 'Hábitos Atômicos', 'pt'],
      ['Hábitos Atômicos', 'pt', 'Hábitos Atômicos', 'pt'],
      ['HÁBITOS ATÓMICOS', 'es', 'Hábitos atómicos', 'es'],
      ['atomic habit', 'en', 'Atomic Habits', 'en'],
      ['atomic habit', 'pt', 'Hábitos Atômicos', 'pt'],
      ['atomc habits', 'es', 'Hábitos atómicos', 'es'],
      ['atomc habits', 'en', 'Atomic Habits', 'en'],
      ['  james clear  ', 'en', 'Atomic Habits', 'en'],
    ])('finds Atomic Habits for %j in %s', async (query, lang, title, editionLang) => {
      const [first] = await suggest(query, lang);
      expect(first).toMatchObject({ title, lang: editionLang, author: 'James Clear', source: 'catalog' });
      // No cover fetched here (COVERS_FETCH=off): the web draws the placeholder.
      expect(first?.cover_url).toBeNull();
    });

    it('answers in the requested edition, or says which one it fell back to', async () => {
      const [pt] = await suggest('rapido e devagar', 'pt');
      expect(pt).toMatchObject({ title: 'Rápido e Devagar', lang: 'pt', author: 'Daniel Kahneman' });
      const [es] = await suggest('thinking fast', 'es');
      expect(es).toMatchObject({ title: 'Pensar rápido, pensar despacio', lang: 'es' });
      // No Spanish edition is recorded for this one: the English title comes back, marked en.
      const [fallback] = await suggest('so good they', 'es');
      expect(fallback).toMatchObject({ title: "So Good They Can't Ignore You", lang: 'en' });
    });

    it.each([
      ['Trabalho Profundo', 'pt', 'Trabalho Focado', 'pt'],
      ['Trabalho Profundo', 'en', 'Deep Work', 'en'],
      ['Trabajo profundo', 'es', 'Céntrate', 'es'],
      ['Padre rico padre pobre', 'pt', 'Pai Rico, Pai Pobre', 'pt'],
      ['Pai rico pai pobre', 'es', 'Padre rico, padre pobre', 'es'],
      ['Hábitos atómicos', 'pt', 'Hábitos Atômicos', 'pt'],
      ['El poder del ahora', 'en', 'The Power of Now', 'en'],
      ['Pense e enriqueça', 'es', 'Piense y hágase rico', 'es'],
      ['Mundo Plano', 'es', 'La Tierra es plana', 'es'],
      // No Spanish edition: found by a translation, shown in English.
      ['Correr lean', 'es', 'Running Lean', 'en'],
    ])('finds a near-translation %j in a %s interface as %j', async (query, lang, title, editionLang) => {
      const [first] = await suggest(query, lang);
      expect(first).toMatchObject({ title, lang: editionLang, source: 'catalog' });
    });

    it("ranks a match on the title in the reader's language first within its tier", async () => {
      // 'The power' starts English titles. A Portuguese reader first sees those shown in English
      // (no Portuguese edition), then 'O Poder do Hábito' and the like, matched through English.
      const pt = await suggest('the power', 'pt');
      expect(pt.slice(0, 2).map((book) => [book.title, book.lang])).toEqual([
        ['The Power of Full Engagement', 'en'],
        ['The Power of When', 'en'],
      ]);
      expect(pt.map((book) => book.title)).toContain('O Poder do Hábito');
      const en = await suggest('the power', 'en');
      expect(en[0]).toMatchObject({ title: 'The Power of Habit', lang: 'en' });
    });

    it('puts whole and prefix matches before similar ones, then the trending ones', async () => {
      const sapiens = await suggest('sapiens', 'en');
      expect(sapiens[0]?.title).toBe('Sapiens: A Brief History of Humankind');
      const power = await suggest('the power of', 'en');
      expect(power.slice(0, 3).map((book) => book.title)).toEqual([
        'The Power of Habit',
        'The Power of Now',
        'The Power of Positive Thinking',
      ]);
      const exact = await suggest('drive', 'en');
      expect(exact[0]?.title).toBe('Drive');
    });

    it('tolerates typos and missing accents', async () => {
      expect((await suggest('psycology of mony', 'en'))[0]?.title).toBe('The Psychology of Money');
      expect((await suggest('pai rico pai pobre', 'pt'))[0]?.title).toBe('Pai Rico, Pai Pobre');
      expect((await suggest('por que nos dormimos', 'pt'))[0]?.title).toBe('Por Que Nós Dormimos');
      expect((await suggest('mans search', 'en'))[0]?.title).toBe("Man's Search for Meaning");
    });

    it('starts at 2 characters and matches word starts for short queries', async () => {
      expect(await suggest('', 'pt')).toEqual([]);
      expect(await suggest('a', 'pt')).toEqual([]);
      expect(await suggest('   z   ', 'pt')).toEqual([]);
      expect(await suggest('?!', 'pt')).toEqual([]);
      const ze = await suggest('ze', 'en');
      expect(ze.length).toBeGreaterThan(0);
      expect(ze[0]?.title).toBe('Zero to One');
    });

    it('gives at most 8, clamping larger limits', async () => {
      expect(await suggest('the', 'en')).toHaveLength(8);
      expect(await suggest('the', 'en', 3)).toHaveLength(3);
      expect(await suggest('the', 'en', 1000)).toHaveLength(8);
      expect(await suggest('the', 'en', Number.MAX_SAFE_INTEGER)).toHaveLength(8);
    });

    it.each([
      [{ query: 'x'.repeat(201), lang: 'pt' }, 'VALIDATION_ERROR'],
      [{ query: 'x'.repeat(10_000), lang: 'pt' }, 'VALIDATION_ERROR'],
      [{ query: 'atomic', lang: 'fr' }, 'VALIDATION_ERROR'],
      [{ query: 'atomic' }, 'VALIDATION_ERROR'],
      [{ query: 'atomic', lang: 'pt', limit: 0 }, 'VALIDATION_ERROR'],
      [{ query: 'atomic', lang: 'pt', limit: -1 }, 'VALIDATION_ERROR'],
      [{ query: 'atomic', lang: 'pt', limit: 2.5 }, 'VALIDATION_ERROR'],
      [{ query: 'atomic', lang: 'pt', limit: '8' }, 'VALIDATION_ERROR'],
      [{ query: 42, lang: 'pt' }, 'VALIDATION_ERROR'],
    ])('rejects %j with 400', async (payload, code) => {
      const response = await search(payload);
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe(code);
    });

    it('treats % and _ as themselves, not wildcards', async () => {
      expect(await suggest('%%', 'en')).toEqual([]);
      expect(await suggest('__', 'en')).toEqual([]);
      expect(await suggest('%_%', 'en')).toEqual([]);
      expect(await suggest('h%s', 'en')).toEqual([]);
      await addHundredPercentBook();
      try {
        const [found] = await suggest('100%', 'en');
        expect(found).toMatchObject({ title: '100% Test Book', lang: 'en' });
        // As a wildcard, _ would make '1_0' a substring of '100%'.
        expect(await suggest('1_0', 'en')).toEqual([]);
      } finally {
        await removeHundredPercentBook();
      }
    });

    it('keeps SQL in a query as text', async () => {
      for (const query of ["'; drop table books; --", "' or 1=1 --", '\\', '\\%', "O'Reilly"]) {
        const response = await search({ query, lang: 'en' });
        expect(response.statusCode, query).toBe(200);
      }
      expect((await exploreOk('pageSize=1')).total).toBe(CATALOG.length);
    });
  });

  describe('explore', () => {
    it('lists every book, recommended first, 24 a page', async () => {
      const body = await exploreOk('');
      expect(body).toMatchObject({ total: CATALOG.length, page: 1, pageSize: 24 });
      expect(body.books).toHaveLength(24);
      expect(body.books[0]).toMatchObject({ slug: 'atomic-habits', title: 'Hábitos Atômicos', lang: 'pt' });
      const editors = body.books.map((book) => book.badges.includes('editors'));
      expect(editors.indexOf(false) === -1 || !editors.slice(editors.indexOf(false)).includes(true)).toBe(
        true,
      );
      const book: Book | undefined = body.books[0];
      expect(book && Object.keys(book).sort()).toEqual(
        [
          'author',
          'badges',
          'category',
          'cover_url',
          'id',
          'isbn13',
          'lang',
          'level',
          'original_title',
          'slug',
          'summary_id',
          'title',
          'trending_score',
          'year',
        ].sort(),
      );
    });

    it('sorts by trending score and A-Z in the shown language', async () => {
      const trending = await exploreOk('sort=trending&pageSize=50');
      const scores = trending.books.map((book) => book.trending_score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));

      for (const lang of LANGUAGES) {
        const az = await exploreOk(`sort=az&uiLang=${lang}&pageSize=100&page=2`);
        const keys = az.books.map((book) => sortKey(book.title));
        expect(keys).toEqual([...keys].sort());
      }
    });

    it('filters by category and level', async () => {
      const body = await exploreOk('category=finance&level=basic&pageSize=100');
      const expected = CATALOG.filter((book) => book.category === 'finance' && book.level === 'basic');
      expect(body.total).toBe(expected.length);
      expect(body.books.every((book) => book.category === 'finance' && book.level === 'basic')).toBe(true);
    });

    it.each(LANGUAGES)('filters by edition language %s and shows that edition', async (lang) => {
      const body = await exploreOk(`lang=${lang}&pageSize=100`);
      expect(body.total).toBe(CATALOG.filter((book) => hasEdition(book, lang)).length);
      expect(body.books.every((book) => book.lang === lang)).toBe(true);
    });

    it('shows original titles next to the edition title', async () => {
      const body = await exploreOk('q=sapiens&uiLang=es');
      expect(body.books[0]).toMatchObject({
        title: 'Sapiens: De animales a dioses',
        original_title: 'קיצור תולדות האנושות',
        lang: 'es',
        year: 2011,
      });
    });

    it('pages without overlap and reports the total past the end', async () => {
      const first = await exploreOk('sort=az&pageSize=10&page=1');
      const second = await exploreOk('sort=az&pageSize=10&page=2');
      const ids = new Set(first.books.map((book) => book.id));
      expect(second.books.some((book) => ids.has(book.id))).toBe(false);
      const past = await exploreOk('pageSize=100&page=999');
      expect(past).toMatchObject({ books: [], total: CATALOG.length, page: 999 });
    });

    it('searches with q, most relevant first', async () => {
      const body = await exploreOk('q=habitos&uiLang=pt');
      expect(body.total).toBeGreaterThan(0);
      expect(body.total).toBeLessThan(CATALOG.length);
      expect(body.books[0]?.title).toMatch(/^Hábitos/);
      expect((await exploreOk('q=a')).total).toBe(CATALOG.length);
    });

    it.each([
      'pageSize=101',
      'pageSize=0',
      'page=0',
      'page=-1',
      'page=abc',
      'sort=best',
      'category=poetry',
      'level=expert',
      'lang=fr',
      `q=${'x'.repeat(201)}`,
    ])('rejects %s with 400', async (query) => {
      const response = await explore(query);
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('VALIDATION_ERROR');
    });

    it('rejects a 10,000-character q with 400 and a code, never a 500', async () => {
      for (const q of ['x'.repeat(10_000), '%25'.repeat(10_000), '_'.repeat(10_000)]) {
        const response = await explore(`q=${q}`);
        expect(response.statusCode).toBe(400);
        expect(errorCode(response)).toBe('VALIDATION_ERROR');
      }
    });

    it('treats % and _ in q as themselves, not wildcards', async () => {
      expect(await exploreOk('q=%25%25')).toMatchObject({ books: [], total: 0 });
      expect(await exploreOk('q=__')).toMatchObject({ books: [], total: 0 });
      expect(await exploreOk('q=%25_%25')).toMatchObject({ books: [], total: 0 });
      await addHundredPercentBook();
      try {
        const found = await exploreOk('q=100%25&uiLang=en');
        expect(found.books[0]).toMatchObject({ id: TEST_BOOK_ID, title: '100% Test Book' });
        // As a wildcard, _ would make '1_0' a substring of '100%'.
        const wildcard = await exploreOk('q=1_0&uiLang=en&pageSize=100');
        expect(wildcard.books.map((book) => book.id)).not.toContain(TEST_BOOK_ID);
      } finally {
        await removeHundredPercentBook();
      }
    });

    it('counts books per category, all 16 in order', async () => {
      const response = await context.app.inject({ method: 'GET', url: '/api/catalog/categories' });
      expect(response.statusCode).toBe(200);
      const { categories } = response.json<CategoriesResponse>();
      expect(categories.map((category) => category.id)).toEqual([...CATEGORIES]);
      for (const { id, count } of categories) {
        expect(count, id).toBe(CATALOG.filter((book) => book.category === id).length);
      }
      const filtered = await context.app.inject({
        method: 'GET',
        url: '/api/catalog/categories?level=intermediate&lang=es',
      });
      for (const { id, count } of filtered.json<CategoriesResponse>().categories) {
        const expected = CATALOG.filter(
          (book) => book.category === id && book.level === 'intermediate' && hasEdition(book, 'es'),
        ).length;
        expect(count, id).toBe(expected);
      }
    });

    it('picks a random book within the filters, or none', async () => {
      for (let i = 0; i < 5; i += 1) {
        const response = await context.app.inject({
          method: 'GET',
          url: '/api/catalog/random?category=crypto&uiLang=en',
        });
        expect(response.statusCode).toBe(200);
        expect(response.json<RandomBookResponse>().book?.category).toBe('crypto');
      }
      const pt = await context.app.inject({ method: 'GET', url: '/api/catalog/random?lang=pt&level=basic' });
      expect(pt.json<RandomBookResponse>().book).toMatchObject({ lang: 'pt', level: 'basic' });

      const empty = CATEGORIES.flatMap((category) =>
        LEVELS.map((level) => ({ category, level })).filter(
          ({ level }) =>
            !CATALOG.some(
              (book) => book.category === category && book.level === level && hasEdition(book, 'es'),
            ),
        ),
      )[0];
      expect(empty).toBeDefined();
      const none = await context.app.inject({
        method: 'GET',
        url: `/api/catalog/random?category=${empty!.category}&level=${empty!.level}&lang=es`,
      });
      expect(none.statusCode).toBe(200);
      expect(none.json<RandomBookResponse>()).toEqual({ book: null });
      const bad = await context.app.inject({ method: 'GET', url: '/api/catalog/random?category=nope' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('history first in the search box', () => {
    let reader: TestUser;
    let ptSummary: string;
    let enSummary: string;

    beforeAll(async () => {
      reader = await signUpTestUser(context.app);
      ptSummary = await generate(reader, 'Atomic Habits', 'James Clear', 'pt');
      enSummary = await generate(reader, 'Atomic Habits', 'James Clear', 'en');
    });

    it("lists the reader's own summary first, in place of the catalogue book", async () => {
      const pt = await suggest('atomic', 'pt', undefined, reader);
      expect(pt[0]).toEqual({
        id: ptSummary,
        title: 'Hábitos Atômicos',
        author: 'James Clear',
        lang: 'pt',
        cover_url: null,
        source: 'history',
      });
      expect(pt.filter((suggestion) => suggestion.author === 'James Clear')).toHaveLength(1);
      expect(pt.slice(1).every((suggestion) => suggestion.source === 'catalog')).toBe(true);

      const en = await suggest('atomic', 'en', undefined, reader);
      expect(en[0]).toMatchObject({ id: enSummary, title: 'Atomic Habits', lang: 'en', source: 'history' });
      expect(en.filter((suggestion) => suggestion.author === 'James Clear')).toHaveLength(1);
    });

    it('lists only summaries in the requested language', async () => {
      const es = await suggest('atomic', 'es', undefined, reader);
      expect(es.some((suggestion) => suggestion.source === 'history')).toBe(false);
      expect(es[0]).toMatchObject({ id: bookIdForSlug('atomic-habits'), title: 'Hábitos atómicos' });
    });

    it('gives anonymous callers and other readers the catalogue only', async () => {
      const other = await signUpTestUser(context.app);
      for (const caller of [undefined, other]) {
        const results = await suggest('atomic', 'pt', undefined, caller);
        expect(results.length).toBeGreaterThan(0);
        expect(results.every((suggestion) => suggestion.source === 'catalog')).toBe(true);
        expect(results[0]).toMatchObject({ id: bookIdForSlug('atomic-habits'), title: 'Hábitos Atômicos' });
      }
    });

    it('answers JSON that keeps to the contract, with history or without', async () => {
      for (const caller of [reader, undefined, reader]) {
        const response = await search({ query: 'atomic', lang: 'pt' }, caller);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        const { books } = catalogSearchResponseSchema.parse(response.json());
        expect(books[0]?.source).toBe(caller ? 'history' : 'catalog');
      }
    });

    it('still gives at most 8, history included', async () => {
      for (const limit of [undefined, 8, 1000]) {
        const results = await suggest('ha', 'pt', limit, reader);
        expect(results).toHaveLength(8);
        expect(results[0]).toMatchObject({ id: ptSummary, source: 'history' });
      }
      expect(await suggest('ha', 'pt', 1, reader)).toEqual([
        expect.objectContaining({ id: ptSummary, source: 'history' }),
      ]);
    });
  });

  describe('Explore links to existing summaries', () => {
    it("gives each book its summary in the reader's language, else null", async () => {
      const reader = await signUpTestUser(context.app);
      const summaryId = await generate(reader, 'Deep Work', 'Cal Newport', 'es');
      const deepWork = bookIdForSlug('deep-work');
      const summaryOf = async (query: string) => {
        const body = await exploreOk(`q=deep%20work&pageSize=100&${query}`);
        const others = body.books.filter((book) => book.id !== deepWork);
        expect(others.every((book) => book.summary_id === null)).toBe(true);
        return body.books.find((book) => book.id === deepWork)?.summary_id;
      };
      expect(await summaryOf('uiLang=es')).toBe(summaryId);
      expect(await summaryOf('uiLang=pt')).toBeNull();
      expect(await summaryOf('uiLang=en')).toBeNull();
      // The interface language decides, not the edition filter; without it, the edition's.
      expect(await summaryOf('uiLang=pt&lang=es')).toBeNull();
      expect(await summaryOf('lang=es')).toBe(summaryId);
      expect(await summaryOf('uiLang=es&sort=az')).toBe(summaryId);
    });

    it("gives the 'surprise me' book its summary in the reader's language", async () => {
      // The smallest category and level with Spanish editions: every one of its books gets a summary.
      const groups = CATEGORIES.flatMap((category) =>
        LEVELS.map((level) =>
          CATALOG.filter(
            (book) => book.category === category && book.level === level && hasEdition(book, 'es'),
          ),
        ),
      ).filter((group) => group.length > 0);
      const group = groups.reduce((smallest, next) => (next.length < smallest.length ? next : smallest));
      const first = group[0]!;
      const summaries = new Map<string, string>();
      for (const entry of group) {
        const bookId = bookIdForSlug(slugOf(entry));
        summaries.set(
          bookId,
          await insertSpanishSummaryOf(context.database.db, entry, bookId, `test-surprise-${bookId}`),
        );
      }
      try {
        const filters = `category=${first.category}&level=${first.level}&lang=es`;
        for (let draw = 0; draw < 3; draw += 1) {
          const es = await context.app.inject({
            method: 'GET',
            url: `/api/catalog/random?${filters}&uiLang=es`,
          });
          const book = es.json<RandomBookResponse>().book;
          expect(book?.summary_id).toBe(summaries.get(book?.id ?? ''));
          expect(book?.summary_id).toBeTruthy();
        }
        const pt = await context.app.inject({
          method: 'GET',
          url: `/api/catalog/random?${filters}&uiLang=pt`,
        });
        expect(pt.json<RandomBookResponse>().book?.summary_id).toBeNull();
      } finally {
        await context.database.db.execute(
          sql`delete from book_summaries where norm_key like 'test-surprise-%'`,
        );
      }
    });
  });

  it('documents its endpoints in the OpenAPI document', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/catalog/search',
        '/api/catalog/books',
        '/api/catalog/categories',
        '/api/catalog/random',
        '/api/admin/catalog/import',
      ]),
    );
  });

  describe('admin import', () => {
    it('needs an admin', async () => {
      const anonymous = await context.app.inject({ method: 'POST', url: '/api/admin/catalog/import' });
      expect(anonymous.statusCode).toBe(401);
      const user = await signUpTestUser(context.app);
      const forbidden = await context.app.inject({
        method: 'POST',
        url: '/api/admin/catalog/import',
        headers: { authorization: `Bearer ${user.session.access_token}` },
      });
      expect(forbidden.statusCode).toBe(403);
    });

    it('re-imports the catalogue for an admin', async () => {
      const admin = await signUpTestAdmin(context.app, { email: ADMIN_EMAIL });
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/admin/catalog/import',
        headers: { authorization: `Bearer ${admin.session.access_token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<CatalogImportResponse>()).toEqual({
        total: CATALOG.length,
        inserted: 0,
        updated: 0,
        unchanged: CATALOG.length,
        kept: 0,
      });
    });

    it('rebuilds the search index of the instance it runs on, and others see it within their refresh', async () => {
      // A second instance that checks for changes only once an hour.
      const hourly = await buildApp({
        config: testConfig({ ADMIN_EMAILS: `other-${ADMIN_EMAIL}`, CATALOG_REFRESH_SECONDS: '3600' }),
        database: context.database,
      });
      await hourly.ready();
      const suggestOn = async (app: typeof hourly, query: string) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/catalog/search',
          payload: { query, lang: 'en' },
        });
        return response.json<{ books: Suggestion[] }>().books;
      };
      try {
        expect(await suggestOn(hourly, 'zzqq book')).toEqual([]);
        await upsertBooks(context.database.db, [
          {
            ...catalogInputs()[0]!,
            id: '00000000-0000-4000-8000-000000000002',
            slug: 'test-zzqq',
            title: 'Zzqq Book',
            titleEn: 'Zzqq Book',
            author: 'Test Author',
            source: 'import',
          },
        ]);
        expect((await suggest('zzqq book', 'en'))[0]?.title).toBe('Zzqq Book'); // refresh 0
        expect(await suggestOn(hourly, 'zzqq book')).toEqual([]); // not checked yet
        const admin = await signUpTestAdmin(hourly, { email: `other-${ADMIN_EMAIL}` });
        const response = await hourly.inject({
          method: 'POST',
          url: '/api/admin/catalog/import',
          headers: { authorization: `Bearer ${admin.session.access_token}` },
        });
        expect(response.statusCode).toBe(200);
        expect((await suggestOn(hourly, 'zzqq book'))[0]?.title).toBe('Zzqq Book');
      } finally {
        await context.database.db.execute(sql`delete from books where slug = 'test-zzqq'`);
        await hourly.close();
      }
      expect(await suggest('zzqq book', 'en')).toEqual([]);
    });
  });
});

describe('Open Library fallback', () => {
  let server: Server;
  let mode: 'ok' | 'error' | 'slow' = 'ok';
  const requests: URL[] = [];
  let off: TestContext;
  let on: TestContext;

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(new URL(request.url ?? '/', 'http://localhost'));
      if (mode === 'error') {
        response.writeHead(500).end('boom');
        return;
      }
      if (mode === 'slow') {
        setTimeout(() => response.writeHead(200).end('{"docs":[]}'), 3_000).unref();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          docs: [
            {
              key: '/works/OL1W',
              title: 'Um Livro Raro',
              author_name: ['Autora Rara'],
              cover_i: 123,
              language: ['por'],
            },
            { key: '/works/OL2W', title: 'No Author' },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    [off, on] = await Promise.all([
      createTestApp('pglite', { env: { OPEN_LIBRARY_URL: baseUrl } }),
      createTestApp('pglite', { env: { OPEN_LIBRARY_SEARCH: 'on', OPEN_LIBRARY_URL: baseUrl } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([off.close(), on.close()]);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  let lastMs = 0;
  const searchOn = async (context: TestContext, query: string) => {
    const started = performance.now();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/catalog/search',
      payload: { query, lang: 'pt' },
    });
    lastMs = performance.now() - started;
    expect(response.statusCode).toBe(200);
    return response.json<{ books: Suggestion[] }>().books;
  };

  it('is off by default', async () => {
    requests.length = 0;
    expect(await searchOn(off, 'zzqx wvvk')).toEqual([]);
    expect(requests).toHaveLength(0);
  });

  it('fills a short list when on', async () => {
    mode = 'ok';
    expect(await searchOn(on, 'zzqx wvvk')).toEqual([
      {
        id: 'openlibrary:OL1W',
        title: 'Um Livro Raro',
        author: 'Autora Rara',
        lang: 'pt',
        // Open Library's own cover would be a request to another site: the placeholder instead.
        cover_url: null,
        source: 'catalog',
      },
    ]);
    expect(requests.at(-1)?.searchParams.get('q')).toBe('zzqx wvvk');
    // A full list from the catalogue does not call out.
    const before = requests.length;
    expect(await searchOn(on, 'the')).toHaveLength(8);
    expect(requests).toHaveLength(before);
  });

  it('answers from the catalogue when Open Library fails or is slow', async () => {
    mode = 'error';
    expect(await searchOn(on, 'zzqx wvvk')).toEqual([]);
    mode = 'slow';
    expect(await searchOn(on, 'zzqx wvvk')).toEqual([]);
    // The 1.5 s timeout, not the 3 s answer.
    expect(lastMs).toBeGreaterThan(1_400);
    expect(lastMs).toBeLessThan(2_900);
  });
});
