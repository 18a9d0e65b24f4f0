import type { Book, Language, Suggestion } from '@summa/shared';
import { pickEdition } from '@summa/shared/data-files';
import type { BookRecord } from './catalog.repository.js';

// Which edition's title a catalogue answer shows, for books and suggestions alike (pickEdition:
// the same rule the web's build uses for the prerendered /demo).

export { pickEdition };

export function toBook(record: BookRecord, language: Language): Book {
  const edition = pickEdition(record, language);
  return {
    id: record.id,
    slug: record.slug,
    title: edition.title,
    original_title: record.title,
    author: record.author,
    year: record.year,
    isbn13: record.isbn13,
    category: record.category,
    level: record.level,
    badges: record.badges,
    trending_score: record.trendingScore,
    cover_url: record.coverUrl,
    lang: edition.lang,
  };
}

/** The book as `toBook` shows it, cut to what the search box lists. */
export function toSuggestion(record: BookRecord, language: Language): Suggestion {
  const { id, title, author, lang, cover_url } = toBook(record, language);
  return { id, title, author, lang, cover_url, source: 'catalog' };
}
