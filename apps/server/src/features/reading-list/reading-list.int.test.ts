import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingListResponseSchema, type ErrorResponse } from '@summa/shared';
import { books, readingList } from '../../db/schema/index.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { bearer, deleteTestUser, signUpTestUser, type TestUser } from '../../test/test-users.js';

describe.each(TEST_DATABASES)('the reading list on %s', (kind) => {
  let context: TestContext;
  let reader: TestUser;
  let other: TestUser;
  let bookIds: string[];

  beforeAll(async () => {
    context = await createTestApp(kind);
    await context.app.ready();
    reader = await signUpTestUser(context.app);
    other = await signUpTestUser(context.app);
    const rows = await context.database.db
      .select({ id: books.id, slug: books.slug })
      .from(books)
      .where(inArray(books.slug, ['educated', 'factfulness']));
    bookIds = ['educated', 'factfulness'].map((slug) => rows.find((row) => row.slug === slug)!.id);
  });
  afterAll(async () => {
    await context.close();
  });

  const call = (method: InjectOptions['method'], bookId: string, user: TestUser) =>
    context.app.inject({ method, url: `/api/me/reading-list/${bookId}`, headers: bearer(user.session) });
  const listOf = async (user: TestUser, language = 'en') => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/me/reading-list?language=${language}`,
      headers: bearer(user.session),
    });
    expect(response.statusCode, response.body).toBe(200);
    return readingListResponseSchema.parse(response.json()).items;
  };

  it('answers 401 without a session', async () => {
    for (const options of [
      { method: 'GET' as const, url: '/api/me/reading-list' },
      { method: 'PUT' as const, url: `/api/me/reading-list/${bookIds[0]}` },
      { method: 'DELETE' as const, url: `/api/me/reading-list/${bookIds[0]}` },
    ]) {
      const response = await context.app.inject(options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(401);
    }
  });

  it('saves books once each, newest first, titled in the asked language', async () => {
    for (const id of [bookIds[0]!, bookIds[1]!, bookIds[0]!]) {
      const saved = await call('PUT', id, reader);
      expect(saved.statusCode, saved.body).toBe(204);
    }
    const items = await listOf(reader);
    expect(items.map((item) => item.book.id)).toEqual([bookIds[1], bookIds[0]]);
    expect((await listOf(reader, 'pt')).map((item) => item.book.title)).toEqual([
      'Factfulness',
      'A Menina da Montanha',
    ]);
  });

  it("never shows or changes another reader's list", async () => {
    expect(await listOf(other)).toEqual([]);
    const removed = await call('DELETE', bookIds[0]!, other);
    expect(removed.statusCode).toBe(204);
    expect((await listOf(reader)).map((item) => item.book.id)).toContain(bookIds[0]);
  });

  it('refuses an unknown book (404) and a malformed id (400), changing nothing', async () => {
    const before = await listOf(reader);
    const unknown = await call('PUT', randomUUID(), reader);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorResponse>().error.code).toBe('NOT_FOUND');
    const malformed = await call('PUT', 'not-a-book', reader);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ErrorResponse>().error.code).toBe('VALIDATION_ERROR');
    expect(await listOf(reader)).toEqual(before);
  });

  it('takes a book off, and the list goes with the account', async () => {
    expect((await call('DELETE', bookIds[1]!, reader)).statusCode).toBe(204);
    expect((await listOf(reader)).map((item) => item.book.id)).toEqual([bookIds[0]]);
    await deleteTestUser(context.app, reader);
    const left = await context.database.db
      .select()
      .from(readingList)
      .where(eq(readingList.userId, reader.session.user.id));
    expect(left).toEqual([]);
  });
});
