import type { Book, Category, Language } from '@summa/shared';
import type { Database } from '../../db/database.js';
import type { BookCatalog } from '../../ports/book-catalog.js';
import type { ListedBooks } from '../../ports/listed-books.js';
import {
  findBookById,
  findBookByTitleAndAuthor,
  findBooksInCategory,
  findListedBooks,
} from './catalog.repository.js';
import { toBook } from './book-editions.js';

export interface CatalogLookupDeps {
  db: Database;
}

/**
 * The catalogue's side of the BookCatalog and ListedBooks ports; the composition root hands it to
 * the features that need them.
 */
export class CatalogLookup implements BookCatalog, ListedBooks {
  constructor(private readonly deps: CatalogLookupDeps) {}

  async byId(id: string, language: Language): Promise<Book | undefined> {
    const record = await findBookById(this.deps.db, id);
    return record && toBook(record, language);
  }

  async byTitleAndAuthor(title: string, author: string, language: Language): Promise<Book | undefined> {
    const record = await findBookByTitleAndAuthor(this.deps.db, title, author);
    return record && toBook(record, language);
  }

  async inCategory(
    category: Category,
    language: Language,
    excludeId: string | undefined,
    limit: number,
  ): Promise<Book[]> {
    const records = await findBooksInCategory(this.deps.db, category, excludeId, limit);
    return records.map((record) => toBook(record, language));
  }

  async listed(ids: readonly string[], language: Language): Promise<Map<string, Book>> {
    const records = await findListedBooks(this.deps.db, ids, language);
    return new Map(
      records.map((record) => [record.id, { ...toBook(record, language), summary_id: record.summaryId }]),
    );
  }
}
