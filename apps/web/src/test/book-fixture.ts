import type { Book } from '@summa/shared';

/** A catalogue book as the API lists it; a test names what it is about and sets what it looks at. */
export function testBook(overrides: Partial<Book> & Pick<Book, 'id' | 'title'>): Book {
  return {
    slug: overrides.id,
    original_title: overrides.title,
    author: 'Some Author',
    year: 2018,
    isbn13: null,
    category: 'habits',
    level: 'basic',
    badges: [],
    trending_score: 50,
    cover_url: null,
    lang: 'en',
    ...overrides,
  };
}
