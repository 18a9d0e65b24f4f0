import type { Book, Language } from '@summa/shared';

/**
 * Catalogue books shown in lists outside the catalogue (a person's shelf, a reader's reading
 * list): implemented by features/catalog (catalog-lookup.ts), bound in composition.ts.
 */
export interface ListedBooks {
  /**
   * The books with these ids, titled in `language`, each with the id of its summary in `language`
   * (`summary_id`, null when there is none yet); ids of no book are left out.
   */
  listed(ids: readonly string[], language: Language): Promise<Map<string, Book>>;
}
