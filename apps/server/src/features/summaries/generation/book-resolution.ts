import type { Language, RelatedBook } from '@summa/shared';
import type { BookCatalog } from '../../../ports/book-catalog.js';
import type { ResolvedBook } from './summary-writer.js';

export interface GenerateInput {
  bookId?: string | undefined;
  bookTitle: string;
  bookAuthor: string;
  language: Language;
}

/** The resolve step: the catalogue's facts when it knows the book (by id, else by title and author). */
export async function resolveBook(catalog: BookCatalog, input: GenerateInput): Promise<ResolvedBook> {
  const book =
    (input.bookId ? await catalog.byId(input.bookId, input.language) : undefined) ??
    (await catalog.byTitleAndAuthor(input.bookTitle, input.bookAuthor, input.language));
  if (!book) {
    return {
      title: input.bookTitle,
      author: input.bookAuthor,
      language: input.language,
      bookId: null,
      category: null,
      kind: undefined,
    };
  }
  return {
    title: book.title,
    author: book.author,
    language: input.language,
    bookId: book.id,
    category: book.category,
    originalTitle: book.original_title,
    year: book.year,
    // The catalogue holds non-fiction only.
    kind: 'nonfiction',
  };
}

/** How many books of the same category a summary suggests. */
const RELATED_BOOKS = 4;

/** The books a summary of `book` suggests next: others of its category, best known first. */
export async function relatedBooks(catalog: BookCatalog, book: ResolvedBook): Promise<RelatedBook[]> {
  if (!book.category) return [];
  const books = await catalog.inCategory(
    book.category,
    book.language,
    book.bookId ?? undefined,
    RELATED_BOOKS,
  );
  return books.map(({ id, title, author, cover_url }) => ({ id, title, author, cover_url }));
}
