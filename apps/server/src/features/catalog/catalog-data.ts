import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BADGES, CATEGORIES, LEVELS } from '@summa/shared';

/** The shipped catalogue: the same relative place from src/ and dist/, so the built server finds it. */
export const CATALOG_FILE = fileURLToPath(new URL('../../../data/catalog.json', import.meta.url));

const text = z.string().min(1);

/**
 * One book of the shipped catalogue. Titles, authors, years and ISBNs are facts: an edition
 * title is given only for an edition known to be published under it, an ISBN-13 only when it
 * is known to be right (the unit test checks its check digit); otherwise null.
 */
const catalogEntrySchema = z.strictObject({
  /** The title of the first publication, in its language. */
  title: text,
  /** ISO 639-1 (or 639-2) code of the first publication; 'en' when omitted. */
  lang: z
    .string()
    .regex(/^[a-z]{2,3}$/)
    .optional(),
  /** English edition title, when the original is not English (English originals use `title`). */
  en: text.nullable().optional(),
  /** Brazilian-Portuguese edition title (a Portuguese original uses `title`). */
  pt: text.nullable(),
  /** Spanish edition title (a Spanish original uses `title`). */
  es: text.nullable(),
  author: text,
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

const catalogFileSchema = z.strictObject({ books: z.array(catalogEntrySchema).readonly() });

/** Reads and checks a catalogue file; a malformed one stops the server at start. */
export function loadCatalog(file: string = CATALOG_FILE): readonly CatalogEntry[] {
  const parsed = catalogFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${file} is not a valid catalogue: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data.books;
}

/** The shipped catalogue, read once. */
export const CATALOG: readonly CatalogEntry[] = loadCatalog();
