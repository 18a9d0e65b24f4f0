import { z } from 'zod';
import { BADGES, CATEGORIES, LEVELS } from './contracts/catalog.js';
import { nonFictionSectionsSchema } from './contracts/summaries.js';
import { text } from './contracts/text.js';
import { LANGUAGES, type Language } from './languages.js';

// The schemas of the data files the product ships (apps/server/data): the server checks them at
// start, and the web's build reads the editorial demo with them for the prerendered /demo (ADR 0027).

const filled = z.string().min(1);

/**
 * One book of the shipped catalogue (data/catalog.json). Titles, authors, years and ISBNs are
 * facts: an edition title is given only for an edition known to be published under it, an ISBN-13
 * only when it is known to be right (the server's unit test checks its check digit); otherwise null.
 */
export const catalogEntrySchema = z.strictObject({
  /** The title of the first publication, in its language. */
  title: filled,
  /** ISO 639-1 (or 639-2) code of the first publication; 'en' when omitted. */
  lang: z
    .string()
    .regex(/^[a-z]{2,3}$/)
    .optional(),
  /** English edition title, when the original is not English (English originals use `title`). */
  en: filled.nullable().optional(),
  /** Brazilian-Portuguese edition title (a Portuguese original uses `title`). */
  pt: filled.nullable(),
  /** Spanish edition title (a Spanish original uses `title`). */
  es: filled.nullable(),
  author: filled,
  /** Year of first publication; null for ancient texts. */
  year: z.number().int().nullable(),
  /** ISBN-13 of a known edition (usually the original-language one). */
  isbn13: z
    .string()
    .regex(/^97[89]\d{10}$/)
    .nullable(),
  category: z.enum(CATEGORIES),
  level: z.enum(LEVELS),
  badges: z.array(z.enum(BADGES)).readonly(),
  /** 0-100: how much readers look for it now. */
  trending: z.number().int().min(0).max(100),
  /** Overrides the slug made from the English (else original) title. */
  slug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .optional(),
});
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

export const catalogFileSchema = z.strictObject({ books: z.array(catalogEntrySchema).readonly() });

/** A book's original title and its editions' titles in the app's languages (null: no such edition). */
export interface EditionTitles {
  title: string;
  titleEn: string | null;
  titlePt: string | null;
  titleEs: string | null;
}

/** A catalogue entry's edition titles: the ones it names, and its original's in the original's language. */
export function editionTitles(entry: CatalogEntry): EditionTitles & { originalLanguage: string } {
  const originalLanguage = entry.lang ?? 'en';
  return {
    title: entry.title,
    originalLanguage,
    titleEn: entry.en ?? (originalLanguage === 'en' ? entry.title : null),
    titlePt: entry.pt ?? (originalLanguage === 'pt' ? entry.title : null),
    titleEs: entry.es ?? (originalLanguage === 'es' ? entry.title : null),
  };
}

const EDITION_ORDER: readonly Language[] = ['en', 'pt', 'es'];

function editionTitle(book: EditionTitles, language: Language): string | null {
  if (language === 'en') return book.titleEn;
  return language === 'pt' ? book.titlePt : book.titleEs;
}

/**
 * The title to show for `language`: that edition when it exists, else the English, Portuguese
 * or Spanish one (in that order), else the original title.
 */
export function pickEdition(book: EditionTitles, language: Language): { title: string; lang: Language } {
  for (const candidate of [language, ...EDITION_ORDER.filter((l) => l !== language)]) {
    const title = editionTitle(book, candidate);
    if (title) return { title, lang: candidate };
  }
  return { title: book.title, lang: language };
}

/** A summary's sections exactly as the generator's schema has them, and nothing else. */
const editorialSectionsSchema = z.strictObject(nonFictionSectionsSchema.shape);

/**
 * One book of the editorial library (data/editorial/<slug>.json): summaries written by Summa's
 * editors in every language, to the schema the model writes to. The book is named as the
 * catalogue names it (its English edition title and its author), so that it resolves to the
 * catalogue book a generation resolves to.
 */
export const editorialFileSchema = z.strictObject({
  book: z.strictObject({ title: text().min(1), author: text().min(1) }),
  /** The book /demo shows without a session (exactly one in the library). */
  demo: z.boolean().optional(),
  summaries: z.strictObject(
    Object.fromEntries(LANGUAGES.map((language) => [language, editorialSectionsSchema])) as Record<
      Language,
      typeof editorialSectionsSchema
    >,
  ),
});
export type EditorialFile = z.infer<typeof editorialFileSchema>;

/** The one book of the library /demo shows; none, or more than one, is a mistake in the data. */
export function editorialDemo<T extends { demo?: boolean }>(library: readonly T[], where: string): T {
  const demos = library.filter((entry) => entry.demo);
  const [demo] = demos;
  if (demos.length !== 1 || !demo) {
    throw new Error(`${where}: exactly one editorial book must be the demo, found ${demos.length}`);
  }
  return demo;
}
