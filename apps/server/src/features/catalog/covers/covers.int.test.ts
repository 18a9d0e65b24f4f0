import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExploreResponse } from '@summa/shared';
import { bookCovers } from '../../../db/schema/index.js';
import {
  startFakeCoverServer,
  type FakeCoverServer,
  type IsbnAnswer,
} from '../../../test/fake-cover-server.js';
import {
  createTestApp,
  startSecondInstance,
  TEST_DATABASES,
  type TestAppOptions,
  type TestContext,
} from '../../../test/test-app.js';
import { CATALOG } from '../catalog-data.js';
import { bookIdForSlug, slugOf } from '../catalog-import.service.js';

/** The shipped catalogue's books that have an ISBN: the covers a sweep looks up. */
const WITH_ISBN = CATALOG.filter((entry) => entry.isbn13 !== null).map((entry) => ({
  id: bookIdForSlug(slugOf(entry)),
  title: entry.title,
  isbn13: entry.isbn13 ?? '',
}));
const book = (index: number) => {
  const found = WITH_ISBN[index];
  if (!found) throw new Error(`the catalogue has no ${index}th book with an ISBN`);
  return found;
};
const ATOMIC_HABITS = book(0);

const isbnPath = (isbn13: string) => `/b/isbn/${isbn13}-M.jpg`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe.each(TEST_DATABASES)('book covers on %s', (kind) => {
  /** Each test's own storage folder (both instances of a test share it, as they would in production). */
  let storageDir: string;
  const closers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'summa-covers-'));
    storageDir = dir;
    closers.push(() => rm(dir, { recursive: true, force: true }));
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function startSource(options: Parameters<typeof startFakeCoverServer>[0] = {}) {
    const source = await startFakeCoverServer(options);
    closers.push(() => source.close());
    return source;
  }

  /**
   * The app fetching its covers from `source` into the test's storage folder: a sweep at start, and
   * one more each time the test queues one (`sweepCovers`, as the queue's schedule does every five
   * minutes), 8 covers at a time (the whole catalogue's are fetched in each test).
   */
  function coverOptions(source: FakeCoverServer, sweep: TestAppOptions['coverSweep'] = {}): TestAppOptions {
    return {
      env: { COVERS_FETCH: 'on', COVERS_SOURCE_URL: source.origin, STORAGE_DIR: storageDir },
      coverSweep: { concurrency: 8, ...sweep },
    };
  }

  /** Queues `count` sweeps, as the schedule's ticks would, and gives them time to run. */
  async function sweeps(apps: { sweepCovers(): Promise<void> }[], count: number) {
    for (let tick = 0; tick < count; tick += 1) for (const app of apps) await app.sweepCovers();
    await new Promise((resolve) => setTimeout(resolve, 400));
  }

  async function startApp(options: TestAppOptions): Promise<TestContext> {
    const context = await createTestApp(kind, options);
    closers.push(() => context.close());
    return context;
  }

  const coverRow = async (context: TestContext, bookId: string) => {
    const [row] = await context.database.db.select().from(bookCovers).where(eq(bookCovers.bookId, bookId));
    return row;
  };

  /** Resolves once no cover is still waiting for its first look-up. */
  const settled = (context: TestContext) =>
    vi.waitFor(
      async () => {
        const [row] = await context.database.db
          .select({
            total: sql<number>`count(*)::int`,
            pending: sql<number>`(count(*) filter (where ${bookCovers.status} = 'pending'))::int`,
          })
          .from(bookCovers);
        expect(row).toEqual({ total: WITH_ISBN.length, pending: 0 });
      },
      { timeout: 20_000, interval: 50 },
    );

  /** The book as Explore shows it. */
  async function shown(context: TestContext, entry: { id: string; title: string }) {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/catalog/books?q=${encodeURIComponent(entry.title)}&pageSize=100`,
    });
    expect(response.statusCode).toBe(200);
    const found = response.json<ExploreResponse>().books.find((candidate) => candidate.id === entry.id);
    if (!found) throw new Error(`Explore does not list ${entry.title}`);
    return found;
  }

  const requestsFor = (source: FakeCoverServer, isbn13: string) =>
    source.requests.filter((requested) => requested === isbnPath(isbn13)).length;

  it('fetches each cover once across two instances, and serves it from the app with long caching', async () => {
    // A distant host: the second instance starts while the first is still sweeping.
    const source = await startSource({ delayMs: 15 });
    const missing = book(1);
    const placeholder = book(2);
    const png = book(3);
    source.answer(missing.isbn13, 'missing');
    source.answer(placeholder.isbn13, 'placeholder');
    source.answer(png.isbn13, 'png');
    const options = coverOptions(source);
    const first = await startApp(options);
    const second = await startSecondInstance(first, options);
    closers.push(() => second.close());
    await settled(first);

    const asked = source.requests.filter((requested) => requested.startsWith('/b/isbn/'));
    expect(asked).toHaveLength(WITH_ISBN.length);
    expect(new Set(asked).size).toBe(WITH_ISBN.length);

    // Explore, and any other book answer, names the app's own URL, named by the image's content.
    const image = await source.imageFor(ATOMIC_HABITS.isbn13, 'jpeg');
    const sha256 = createHash('sha256').update(image).digest('hex');
    const atomic = await shown(first, ATOMIC_HABITS);
    expect(atomic.cover_url).toBe(`/api/covers/${sha256}.jpg`);
    expect(await coverRow(first, ATOMIC_HABITS.id)).toMatchObject({
      status: 'fetched',
      attempts: 1,
      coverKey: `covers/${sha256.slice(0, 2)}/${sha256}.jpg`,
      claimedUntil: null,
    });
    expect((await shown(first, png)).cover_url).toMatch(/^\/api\/covers\/[0-9a-f]{64}\.png$/);

    // Either instance serves it, with a year's caching and its content's hash as its ETag.
    for (const app of [first.app, second.app]) {
      const response = await app.inject({ method: 'GET', url: `/api/covers/${sha256}.jpg` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers.etag).toBe(`"${sha256}"`);
      expect(response.rawPayload).toEqual(image);
    }
    const revalidated = await first.app.inject({
      method: 'GET',
      url: `/api/covers/${sha256}.jpg`,
      headers: { 'if-none-match': `"${sha256}"` },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload).toHaveLength(0);

    // No cover to be had: the web draws its placeholder.
    for (const entry of [missing, placeholder]) {
      expect((await shown(first, entry)).cover_url).toBeNull();
      expect(await coverRow(first, entry.id)).toMatchObject({ status: 'missing', coverKey: null });
    }

    // Later sweeps ask the source nothing more.
    await sweeps([first.app, second.app], 2);
    expect(source.requests.filter((requested) => requested.startsWith('/b/isbn/'))).toHaveLength(
      WITH_ISBN.length,
    );
  });

  it('tries a failed fetch again later, with back-off, and never in between', async () => {
    const source = await startSource();
    const failing = book(4);
    source.answer(failing.isbn13, 'error');
    const context = await startApp(coverOptions(source));
    await settled(context);

    const minutesUntilNext = async () => {
      const [row] = await context.database.db
        .select({
          status: bookCovers.status,
          attempts: bookCovers.attempts,
          minutes: sql<number>`(extract(epoch from ${bookCovers.nextAttemptAt} - now()) / 60)::float8`,
        })
        .from(bookCovers)
        .where(eq(bookCovers.bookId, failing.id));
      return row;
    };
    const first = await minutesUntilNext();
    expect(first).toMatchObject({ status: 'failed', attempts: 1 });
    expect(first?.minutes).toBeGreaterThan(4);
    expect(first?.minutes).toBeLessThanOrEqual(5);
    expect((await shown(context, failing)).cover_url).toBeNull();
    // Several sweeps go by: not tried again before its time.
    await sweeps([context.app], 3);
    expect(requestsFor(source, failing.isbn13)).toBe(1);

    // Its time comes (moved here, and the next sweep runs): it fails again, and waits twice as long.
    const due = async () => {
      await context.database.db
        .update(bookCovers)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(bookCovers.bookId, failing.id));
      await context.app.sweepCovers();
    };
    await due();
    await vi.waitFor(async () => expect((await minutesUntilNext())?.attempts).toBe(2), { timeout: 5_000 });
    const second = await minutesUntilNext();
    expect(second).toMatchObject({ status: 'failed' });
    expect(second?.minutes).toBeGreaterThan(9);
    expect(second?.minutes).toBeLessThanOrEqual(10);

    // The source is back: the next try stores it.
    source.answer(failing.isbn13, 'jpeg');
    await due();
    await vi.waitFor(async () => expect((await coverRow(context, failing.id))?.status).toBe('fetched'), {
      timeout: 5_000,
    });
    expect(requestsFor(source, failing.isbn13)).toBe(3);
    expect((await shown(context, failing)).cover_url).toMatch(/^\/api\/covers\/[0-9a-f]{64}\.jpg$/);
  });

  it('stores only a JPEG or PNG of at most 2 MB that is what it says', async () => {
    const source = await startSource();
    const refused: [IsbnAnswer, { id: string; title: string; isbn13: string }][] = [
      ['html', book(5)],
      ['huge', book(6)],
      ['mislabelled', book(7)],
    ];
    for (const [answer, entry] of refused) source.answer(entry.isbn13, answer);
    const context = await startApp(coverOptions(source));
    await settled(context);
    for (const [, entry] of refused) {
      expect(await coverRow(context, entry.id)).toMatchObject({ status: 'failed', coverKey: null });
      expect((await shown(context, entry)).cover_url).toBeNull();
    }
    // One file per stored cover, none for the refused ones.
    const stored = await context.database.db
      .select({ coverKey: bookCovers.coverKey })
      .from(bookCovers)
      .where(eq(bookCovers.status, 'fetched'));
    const files = (await readdir(path.join(storageDir, 'covers'), { recursive: true })).filter((file) =>
      /\.(jpg|png)$/.test(file),
    );
    expect(new Set(files.map((file) => `covers/${file}`))).toEqual(
      new Set(stored.map((row) => row.coverKey)),
    );
  });

  it('answers readers at once while the source hangs, and stops its fetches on close', async () => {
    const source = await startSource({ answer: 'hang' });
    const context = await createTestApp(kind, coverOptions(source, { concurrency: 4 }));
    try {
      await vi.waitFor(() => expect(source.requests.length).toBeGreaterThanOrEqual(4), { timeout: 5_000 });
      const started = performance.now();
      const response = await context.app.inject({ method: 'GET', url: '/api/catalog/books?pageSize=50' });
      expect(response.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(response.json<ExploreResponse>().books.every((entry) => entry.cover_url === null)).toBe(true);

      const closing = performance.now();
      await context.app.close();
      expect(performance.now() - closing).toBeLessThan(2_000);
      // Only the 4 claimed at once were asked for, and they are given back untried.
      expect(source.requests).toHaveLength(4);
      const [row] = await context.database.db
        .select({
          claimed: sql<number>`(count(*) filter (where ${bookCovers.claimedUntil} is not null))::int`,
          tried: sql<number>`(count(*) filter (where ${bookCovers.attempts} > 0))::int`,
        })
        .from(bookCovers);
      expect(row).toEqual({ claimed: 0, tried: 0 });
    } finally {
      await context.close();
    }
  });

  it('fetches nothing with COVERS_FETCH=off, even with a source named', async () => {
    const source = await startSource();
    const context = await startApp({
      env: { COVERS_FETCH: 'off', COVERS_SOURCE_URL: source.origin, STORAGE_DIR: storageDir },
    });
    await sweeps([context.app], 2);
    expect(source.requests).toEqual([]);
    expect((await shown(context, ATOMIC_HABITS)).cover_url).toBeNull();
  });

  it('answers 404, not cached for good, for a name that is no stored cover', async () => {
    const context = await startApp({ env: { STORAGE_DIR: storageDir } });
    for (const name of [
      `${'0'.repeat(64)}.jpg`,
      'cover.jpg',
      `${'a'.repeat(64)}.gif`,
      '..%2F..%2Fpackage.json',
    ]) {
      const response = await context.app.inject({ method: 'GET', url: `/api/covers/${name}` });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('NOT_FOUND');
      expect(response.headers['cache-control']).not.toBe(IMMUTABLE);
    }
  });
});
