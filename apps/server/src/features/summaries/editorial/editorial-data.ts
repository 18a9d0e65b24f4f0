import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  LANGUAGES,
  nonFictionSectionsSchema,
  text,
  type Language,
  type NonFictionSections,
} from '@summa/shared';

/** The editorial library: the same relative place from src/ and dist/, so the built server finds it. */
export const EDITORIAL_DIR = fileURLToPath(new URL('../../../../data/editorial/', import.meta.url));

/** A summary's sections exactly as the generator's schema has them, and nothing else. */
const sectionsSchema = z.strictObject(nonFictionSectionsSchema.shape);

/**
 * One book of the editorial library: summaries written by Summa's editors in every language, to
 * the schema the model writes to. The book is named as the catalogue names it (its English
 * edition title and its author), so that it resolves to the catalogue book a generation resolves to.
 */
const editorialFileSchema = z.strictObject({
  book: z.strictObject({ title: text().min(1), author: text().min(1) }),
  /** The book /demo shows without a session (exactly one in the library). */
  demo: z.boolean().optional(),
  summaries: z.strictObject(
    Object.fromEntries(LANGUAGES.map((language) => [language, sectionsSchema])) as Record<
      Language,
      typeof sectionsSchema
    >,
  ),
});

export interface EditorialBook {
  /** The file's name without .json. */
  slug: string;
  book: { title: string; author: string };
  demo: boolean;
  summaries: Record<Language, NonFictionSections>;
}

/** Reads and checks one editorial file; a malformed one stops the server at start. */
export function loadEditorialFile(file: string): EditorialBook {
  const parsed = editorialFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${file} is not a valid editorial summary: ${z.prettifyError(parsed.error)}`);
  }
  const { book, demo = false, summaries } = parsed.data;
  return { slug: path.basename(file, '.json'), book, demo, summaries };
}

/** Every book of the editorial library, by file name; exactly one of them is the demo. */
export function loadEditorialLibrary(dir: string = EDITORIAL_DIR): readonly EditorialBook[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const library = files.map((name) => loadEditorialFile(path.join(dir, name)));
  const demos = library.filter((entry) => entry.demo);
  if (demos.length !== 1) {
    throw new Error(`${dir}: exactly one editorial book must be the demo, found ${demos.length}`);
  }
  return library;
}
