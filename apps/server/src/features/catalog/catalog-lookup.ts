import type { Database } from '../../db/database.js';
import type { BookCatalog } from '../../ports/book-catalog.js';
import { findBookById, findBookByTitleAndAuthor, findBooksInCategory } from './catalog.repository.js';
import { toBook } from './book-editions.js';

/** The catalogue's side of the BookCatalog port; app.ts hands it to the features that need it. */
export function createCatalogLookup(db: Database): BookCatalog {
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
