import type { Book, Category, Language } from '@summa/shared';

/**
 * What other features may ask the catalogue: implemented by features/catalog (catalog-lookup.ts),
 * bound in composition.ts, used by the summaries feature to resolve a book and pick related ones.
 */
export interface BookCatalog {
  byId(id: string, language: Language): Promise<Book | undefined>;
  byTitleAndAuthor(title: string, author: string, language: Language): Promise<Book | undefined>;
  inCategory(
    category: Category,
    language: Language,
    excludeId: string | undefined,
    limit: number,
  ): Promise<Book[]>;
}
