import type { Book, Category, Language } from '@summa/shared';
import type { Database } from '../../db/database.js';
import type { BookCatalog } from '../../ports/book-catalog.js';
import { findBookById, findBookByTitleAndAuthor, findBooksInCategory } from './catalog.repository.js';
import { toBook } from './book-editions.js';

export interface CatalogLookupDeps {
  db: Database;
}

/** The catalogue's side of the BookCatalog port; the composition root hands it to the features that need it. */
export class CatalogLookup implements BookCatalog {
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
}
