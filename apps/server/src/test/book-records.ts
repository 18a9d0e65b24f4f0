import type { BookRecord } from '../features/catalog/catalog.repository.js';

/** Atomic Habits as the catalogue stores it (English original, a Portuguese edition, no Spanish one). */
export function atomicHabitsRecord(overrides: Partial<BookRecord> = {}): BookRecord {
  return {
    id: 'atomic',
    slug: 'atomic-habits',
    title: 'Atomic Habits',
    originalLanguage: 'en',
    titleEn: 'Atomic Habits',
    titlePt: 'Hábitos Atômicos',
    titleEs: null,
    author: 'James Clear',
    year: 2018,
    isbn13: null,
    category: 'habits',
    level: 'basic',
    badges: [],
    trendingScore: 90,
    coverUrl: null,
    ...overrides,
  };
}
