import { READING_LIST_MAX, type Language, type ReadingListResponse } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { ListedBooks } from '../../ports/listed-books.js';
import { listSaved, removeBook, saveBook } from './reading-list.repository.js';

export interface ReadingListDeps {
  db: Database;
  /** The catalogue's books as lists show them (the ListedBooks port). */
  books: ListedBooks;
}

/** The books a reader saved to read: theirs only, in their export, gone with their account. */
export class ReadingListService {
  constructor(private readonly deps: ReadingListDeps) {}

  async list(userId: string, language: Language): Promise<ReadingListResponse> {
    const saved = await listSaved(this.deps.db, userId);
    const books = await this.deps.books.listed(
      saved.map((item) => item.bookId),
      language,
    );
    return {
      items: saved.flatMap((item) => {
        const book = books.get(item.bookId);
        return book ? [{ book, savedAt: item.savedAt.toISOString() }] : [];
      }),
    };
  }

  /** 404 for no catalogue book; 409 READING_LIST_FULL past READING_LIST_MAX books. */
  async save(userId: string, bookId: string): Promise<void> {
    const outcome = await saveBook(this.deps.db, userId, bookId, READING_LIST_MAX);
    if (outcome === 'no-book') throw new AppError('NOT_FOUND', 404);
    if (outcome === 'full') throw new AppError('READING_LIST_FULL', 409);
  }

  async remove(userId: string, bookId: string): Promise<void> {
    await removeBook(this.deps.db, userId, bookId);
  }
}
