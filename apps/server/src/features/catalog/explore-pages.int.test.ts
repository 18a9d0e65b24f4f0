import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExploreResponse } from '@summa/shared';
import { CACHE_SETTINGS } from '../../cache/memory-cache.js';
import { books } from '../../db/schema/index.js';
import { insertSpanishSummaryOf } from '../../test/book-records.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { CATALOG } from './catalog-data.js';
import { bookIdForSlug, slugOf } from './catalog-import.service.js';

/** A category's first Explore page in Spanish, as a visitor asks for it. */
const PAGE = '/api/catalog/books?category=habits&uiLang=es&pageSize=100';

describe.each(TEST_DATABASES)('Explore pages kept in memory on %s', (kind) => {
  let context: TestContext;
  let clock = new Date('2026-11-28T12:00:00Z');
  const entry = CATALOG.find((book) => book.category === 'habits');
  if (!entry) throw new Error('no habits book in the catalogue');
  const bookId = bookIdForSlug(slugOf(entry));

  beforeAll(async () => {
    // Checks whether the catalogue changed at most every second, as a deployment would (every 30 s).
    context = await createTestApp(kind, { env: { CATALOG_REFRESH_SECONDS: '1' }, clock: () => clock });
  });
  afterAll(async () => {
    await context.close();
  });

  const statements = () => context.database.poolStats().statements;
  const explore = async (url: string) => {
    const response = await context.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ExploreResponse>();
  };
  const bookOn = (page: ExploreResponse) => page.books.find((book) => book.id === bookId);

  it('answers a page without a search from memory, and reads a search every time', async () => {
    const first = await explore(PAGE);
    expect(bookOn(first)).toBeDefined();
    // The fewest of three reads: the app's background work on the same database only adds.
    let fewest = Number.POSITIVE_INFINITY;
    for (let read = 0; read < 3; read += 1) {
      const before = statements();
      expect(await explore(PAGE)).toEqual(first);
      fewest = Math.min(fewest, statements() - before);
    }
    expect(fewest).toBe(0);

    const search = `/api/catalog/books?q=${encodeURIComponent(entry.title)}`;
    await explore(search);
    const beforeSearch = statements();
    await explore(search);
    expect(statements() - beforeSearch).toBeGreaterThan(0);
  });

  it("shows a book's summary written since once the page's lifetime has passed", async () => {
    await explore(PAGE);
    const summaryId = await insertSpanishSummaryOf(
      context.database.db,
      entry,
      bookId,
      `test-explore-page-${bookId}`,
    );
    // Within the lifetime the page is the one read before.
    clock = new Date(clock.getTime() + CACHE_SETTINGS.explorePage.ttlMs - 1_000);
    expect(bookOn(await explore(PAGE))?.summary_id).toBeNull();
    // Past it, the page is answered as it was while it is read again behind the answer.
    clock = new Date(clock.getTime() + 2_000);
    expect(bookOn(await explore(PAGE))?.summary_id).toBeNull();
    await vi.waitFor(async () => expect(bookOn(await explore(PAGE))?.summary_id).toBe(summaryId), {
      timeout: 5_000,
    });
  });

  it('reads the pages afresh when the catalogue changes', async () => {
    const titleEs = `${entry.es ?? entry.title} (edición de prueba)`;
    await explore(PAGE);
    await context.database.db
      .update(books)
      .set({ titleEs, updatedAt: sql`now()` })
      .where(eq(books.id, bookId));
    // Seen at the next check of the catalogue (at most every second here), with no wait for the
    // page's own lifetime: its clock stands still.
    await vi.waitFor(async () => expect(bookOn(await explore(PAGE))?.title).toBe(titleEs), {
      timeout: 5_000,
      interval: 200,
    });
  });
});
