import type { Book, Category, Language } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { findBookById, findBookByTitleAndAuthor, findBooksInCategory } from './catalog.repository.js';
import { toBook } from './book-editions.js';

/** What other features may ask the catalogue; app.ts hands it to them. */
export interface CatalogLookup {
  byId(id: string, language: Language): Promise<Book | undefined>;
  byTitleAndAuthor(title: string, author: string, language: Language): Promise<Book | undefined>;
  inCategory(
    category: Category,
    language: Language,
    excludeId: string | undefined,
    limit: number,
  ): Promise<Book[]>;
}

export function createCatalogLookup(db: Database): CatalogLookup {
  return {
    async byId(id, language) {
      const record = await findBookById(db, id);
      return record && toBook(record, language);
    },
    async byTitleAndAuthor(title, author, language) {
      const record = await findBookByTitleAndAuthor(db, title, author);
      return record && toBook(record, language);
    },
    async inCategory(category, language, excludeId, limit) {
      const records = await findBooksInCategory(db, category, excludeId, limit);
      return records.map((record) => toBook(record, language));
    },
  };
}
