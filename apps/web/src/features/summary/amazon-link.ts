import type { Language } from '@summa/shared/languages';

/** The Amazon store for each interface language: Brazil, the United States, Mexico. */
export const AMAZON_STORES: Record<Language, string> = {
  pt: 'https://www.amazon.com.br',
  en: 'https://www.amazon.com',
  es: 'https://www.amazon.com.mx',
};

export interface StoreBook {
  title: string;
  author: string;
  isbn13: string | null;
}

/**
 * A search for the book in the reader's Amazon store, carrying the associate tag: by ISBN when
 * the book has one (one edition, found exactly), else by title and author, in the books department.
 */
export function amazonSearchUrl(book: StoreBook, language: Language, tag: string): string {
  const url = new URL('/s', AMAZON_STORES[language]);
  const keywords = book.isbn13 ?? `${book.title} ${book.author}`.replace(/\s+/g, ' ').trim();
  url.searchParams.set('k', keywords);
  url.searchParams.set('i', 'stripbooks');
  url.searchParams.set('tag', tag);
  return url.toString();
}
