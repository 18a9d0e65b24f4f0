import type { Database } from '../db/database.js';
import { bookSummaries } from '../db/schema/index.js';
import type { CATALOG } from '../features/catalog/catalog-data.js';
import type { BookRecord } from '../features/catalog/catalog.repository.js';
import { sampleNonFiction } from './summary-responder.js';

type CatalogEntry = (typeof CATALOG)[number];

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

/**
 * A summary of a catalogue book in Spanish written straight to the database, as a reader's
 * generation would store it: its id. `normKey` names it for the test's own clean-up.
 */
export async function insertSpanishSummaryOf(
  db: Database,
  entry: CatalogEntry,
  bookId: string,
  normKey: string,
): Promise<string> {
  const [row] = await db
    .insert(bookSummaries)
    .values({
      normKey,
      bookId,
      title: entry.es ?? entry.title,
      author: entry.author,
      language: 'es',
      category: entry.category,
      kind: 'nonfiction',
      content: { kind: 'nonfiction', ...sampleNonFiction(entry.title) },
      related: [],
      model: 'test',
    })
    .returning({ id: bookSummaries.id });
  if (!row) throw new Error(`no summary stored for ${entry.title}`);
  return row.id;
}
