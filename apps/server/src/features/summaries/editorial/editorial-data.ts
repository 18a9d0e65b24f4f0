import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Language, NonFictionSections } from '@summa/shared';
import { editorialDemo, editorialFileSchema } from '@summa/shared/data-files';

/** The editorial library: the same relative place from src/ and dist/, so the built server finds it. */
export const EDITORIAL_DIR = fileURLToPath(new URL('../../../../data/editorial/', import.meta.url));

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
  editorialDemo(library, dir);
  return library;
}
