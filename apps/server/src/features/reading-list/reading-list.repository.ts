import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { books, readingList } from '../../db/schema/index.js';

/** A saved book: its id and when it was saved. */
export interface SavedBook {
  bookId: string;
  savedAt: Date;
}

/** The reader's saved books, newest first. */
export async function listSaved(db: Database, userId: string): Promise<SavedBook[]> {
  return db
    .select({ bookId: readingList.bookId, savedAt: readingList.savedAt })
    .from(readingList)
    .where(eq(readingList.userId, userId))
    .orderBy(desc(readingList.savedAt), desc(readingList.bookId));
}

/** Why a book was not added: it was there already, no catalogue book has the id, or the list is full. */
export type SaveOutcome = 'saved' | 'already' | 'no-book' | 'full';

/**
 * Saves a book to the reader's list, keeping the first date when it is there already. One
 * statement checks the book and the list's size; two concurrent saves may pass the cap together,
 * by one each: a soft limit against abuse, not an account rule.
 */
export async function saveBook(
  db: Database,
  userId: string,
  bookId: string,
  max: number,
): Promise<SaveOutcome> {
  const inserted = await db
    .insert(readingList)
    .select(
      db
        .select({
          userId: sql`${userId}::uuid`.as('user_id'),
          bookId: books.id,
          savedAt: sql`now()`.as('saved_at'),
        })
        .from(books)
        .where(
          and(
            eq(books.id, bookId),
            sql`(select count(*) from ${readingList} where ${readingList.userId} = ${userId}) < ${max}`,
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ bookId: readingList.bookId });
  if (inserted.length > 0) return 'saved';
  const [state] = await db
    .select({
      saved: sql<boolean>`exists (select 1 from ${readingList} where ${readingList.userId} = ${userId} and ${readingList.bookId} = ${bookId})`,
      book: sql<boolean>`exists (select 1 from ${books} where ${books.id} = ${bookId})`,
    })
    .from(sql`(select 1) as one`);
  if (state?.saved) return 'already';
  return state?.book ? 'full' : 'no-book';
}

/** Takes a book off the reader's list (nothing when it was not on it). */
export async function removeBook(db: Database, userId: string, bookId: string): Promise<void> {
  await db.delete(readingList).where(and(eq(readingList.userId, userId), eq(readingList.bookId, bookId)));
}
