import type { Book, Language, Suggestion } from '@summa/shared';
import type { BookRecord } from './catalog.repository.js';

// Which edition's title a catalogue answer shows, for books and suggestions alike.

const EDITION_ORDER: readonly Language[] = ['en', 'pt', 'es'];

function editionTitle(record: BookRecord, language: Language): string | null {
  if (language === 'en') return record.titleEn;
  return language === 'pt' ? record.titlePt : record.titleEs;
}

/**
 * The title to show for `language`: that edition when it exists, else the English, Portuguese
 * or Spanish one (in that order). Every book has at least one (a table constraint).
 */
export function pickEdition(record: BookRecord, language: Language): { title: string; lang: Language } {
  for (const candidate of [language, ...EDITION_ORDER.filter((l) => l !== language)]) {
    const title = editionTitle(record, candidate);
    if (title) return { title, lang: candidate };
  }
  return { title: record.title, lang: language };
}

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

export function toSuggestion(record: BookRecord, language: Language): Suggestion {
  const edition = pickEdition(record, language);
  return {
    id: record.id,
    title: edition.title,
    author: record.author,
    lang: edition.lang,
    cover_url: record.coverUrl,
    source: 'catalog',
  };
}
