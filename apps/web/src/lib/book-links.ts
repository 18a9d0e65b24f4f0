import type { Book } from '@summa/shared';

/** Where 'summarize this book' starts: the home page with the book already chosen. */
export function summarizeHref(book: Pick<Book, 'id' | 'title' | 'author'>): string {
  return `/home?${new URLSearchParams({ title: book.title, author: book.author, bookId: book.id }).toString()}`;
}

/** Where a book leads: its summary in the reader's language when one exists, else 'summarize this book'. */
export function bookHref(book: Pick<Book, 'id' | 'title' | 'author' | 'summary_id'>): string {
  return book.summary_id ? `/summary/${encodeURIComponent(book.summary_id)}` : summarizeHref(book);
}
