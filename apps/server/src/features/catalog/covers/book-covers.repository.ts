import { and, asc, eq, inArray, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { bookCovers, books } from '../../../db/schema/index.js';

/** A cover an instance claimed to fetch: the book and the ISBN it is looked up by. */
export interface ClaimedCover {
  bookId: string;
  isbn13: string;
}

const after = (ms: SQL | number): SQL => sql`now() + make_interval(secs => ${ms} / 1000.0)`;

/**
 * Adds a row for each catalogue book with an ISBN that has none, and starts over (pending, no
 * attempts) for a book whose ISBN changed since its cover was looked up. Returns how many.
 */
export async function enlistCovers(db: Database): Promise<number> {
  const rows = await db
    .insert(bookCovers)
    .select(
      db
        .select({
          bookId: books.id,
          isbn13: sql<string>`${books.isbn13}`.as('isbn13'),
          status: sql<'pending'>`'pending'::cover_status`.as('status'),
          coverKey: sql<null>`null`.as('cover_key'),
          attempts: sql<number>`0`.as('attempts'),
          nextAttemptAt: sql<Date>`now()`.as('next_attempt_at'),
          claimedUntil: sql<null>`null`.as('claimed_until'),
          updatedAt: sql<Date>`now()`.as('updated_at'),
        })
        .from(books)
        .leftJoin(bookCovers, eq(bookCovers.bookId, books.id))
        .where(
          and(
            isNotNull(books.isbn13),
            or(sql`${bookCovers.bookId} is null`, sql`${bookCovers.isbn13} <> ${books.isbn13}`),
          ),
        ),
    )
    .onConflictDoUpdate({
      target: bookCovers.bookId,
      set: {
        isbn13: sql`excluded.isbn13`,
        status: 'pending',
        coverKey: null,
        attempts: 0,
        nextAttemptAt: sql`now()`,
        claimedUntil: null,
        updatedAt: sql`now()`,
      },
    })
    .returning({ bookId: bookCovers.bookId });
  return rows.length;
}

/**
 * Claims up to `limit` covers that are due (not yet fetched, their next attempt reached, no live
 * claim) for `claimMs`. Rows another instance is claiming at the same moment are skipped, not
 * waited for, so two instances never fetch the same cover at once.
 */
export async function claimCovers(db: Database, limit: number, claimMs: number): Promise<ClaimedCover[]> {
  const due = db
    .select({ bookId: bookCovers.bookId })
    .from(bookCovers)
    .where(
      and(
        ne(bookCovers.status, 'fetched'),
        lte(bookCovers.nextAttemptAt, sql`now()`),
        or(sql`${bookCovers.claimedUntil} is null`, sql`${bookCovers.claimedUntil} < now()`),
      ),
    )
    .orderBy(asc(bookCovers.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(bookCovers)
    .set({ claimedUntil: after(claimMs) })
    .where(inArray(bookCovers.bookId, due))
    .returning({ bookId: bookCovers.bookId, isbn13: bookCovers.isbn13 });
}

/** The claimed row, as long as its ISBN is still the one the cover was looked up by. */
const isClaimed = (cover: ClaimedCover) =>
  and(eq(bookCovers.bookId, cover.bookId), eq(bookCovers.isbn13, cover.isbn13));

/** The cover is stored under `coverKey`: the book shows it at `coverUrl` from now on. */
export async function recordFetched(
  db: Database,
  cover: ClaimedCover,
  stored: { coverKey: string; coverUrl: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookCovers)
      .set({
        status: 'fetched',
        coverKey: stored.coverKey,
        attempts: sql`${bookCovers.attempts} + 1`,
        claimedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(isClaimed(cover))
      .returning({ bookId: bookCovers.bookId });
    if (row) await tx.update(books).set({ coverUrl: stored.coverUrl }).where(eq(books.id, cover.bookId));
  });
}

/** The source has no cover for the ISBN: the book shows the placeholder; asked again after `recheckMs`. */
export async function recordMissing(db: Database, cover: ClaimedCover, recheckMs: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookCovers)
      .set({
        status: 'missing',
        coverKey: null,
        attempts: sql`${bookCovers.attempts} + 1`,
        nextAttemptAt: after(recheckMs),
        claimedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(isClaimed(cover))
      .returning({ bookId: bookCovers.bookId });
    if (row) await tx.update(books).set({ coverUrl: null }).where(eq(books.id, cover.bookId));
  });
}

/**
 * The fetch failed: tried again after `baseMs` doubled for each earlier attempt, at most `maxMs`.
 * The book keeps what it shows.
 */
export async function recordFailed(
  db: Database,
  cover: ClaimedCover,
  backOff: { baseMs: number; maxMs: number },
): Promise<void> {
  await db
    .update(bookCovers)
    .set({
      status: 'failed',
      attempts: sql`${bookCovers.attempts} + 1`,
      nextAttemptAt: after(
        sql`least(${backOff.baseMs} * power(2, ${bookCovers.attempts}), ${backOff.maxMs})`,
      ),
      claimedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(isClaimed(cover));
}

/** Gives claimed covers back untried (the instance is stopping): another may fetch them at once. */
export async function releaseCovers(db: Database, covers: readonly ClaimedCover[]): Promise<void> {
  if (covers.length === 0) return;
  await db
    .update(bookCovers)
    .set({ claimedUntil: null })
    .where(
      inArray(
        bookCovers.bookId,
        covers.map((cover) => cover.bookId),
      ),
    );
}

/** Drops every claim (a single-process database at start: their owner is gone); returns how many. */
export async function releaseAllCoverClaims(db: Database): Promise<number> {
  const rows = await db
    .update(bookCovers)
    .set({ claimedUntil: null })
    .where(isNotNull(bookCovers.claimedUntil))
    .returning({ bookId: bookCovers.bookId });
  return rows.length;
}
