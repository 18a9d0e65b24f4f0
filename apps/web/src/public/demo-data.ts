import {
  catalogFileSchema,
  editionTitles,
  editorialDemo,
  editorialFileSchema,
  pickEdition,
} from '@summa/shared/data-files';
import type { Language } from '@summa/shared/languages';
import { z } from 'zod';
import type { DemoSummaryView } from '../features/demo/demo-view';

/** A data file as scripts/prerender.js read it: where it is (for messages) and its JSON. */
export interface DataFile {
  name: string;
  json: unknown;
}

function checked<S extends z.ZodType>(schema: S, file: DataFile, what: string): z.output<S> {
  const parsed = schema.safeParse(file.json);
  if (!parsed.success)
    throw new Error(`${file.name} is not a valid ${what}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/**
 * The editorial demo as the server seeds and serves it, in each language, from its data files
 * (apps/server/data), checked with the schemas the server checks them with: the summary's sections
 * from the editorial library's demo, the book's title in each language (the edition the server
 * shows) and its category from the catalogue. The cover is the one the server fetched and stored,
 * unknown to the build: the page shows the drawn placeholder.
 */
export function editorialDemoSummaries(
  editorial: readonly DataFile[],
  catalog: DataFile,
): Record<Language, DemoSummaryView> {
  const library = editorial.map((file) => checked(editorialFileSchema, file, 'editorial summary'));
  const { book, summaries } = editorialDemo(library, 'data/editorial');
  const entry = checked(catalogFileSchema, catalog, 'catalogue').books.find(
    (candidate) => editionTitles(candidate).titleEn === book.title && candidate.author === book.author,
  );
  if (!entry) throw new Error(`the demo, "${book.title}" by ${book.author}, is not in ${catalog.name}`);
  const titles = editionTitles(entry);
  const inLanguage = (language: Language): DemoSummaryView => ({
    title: pickEdition(titles, language).title,
    author: entry.author,
    language,
    category: entry.category,
    cover_url: null,
    editorial: true,
    content: { kind: 'nonfiction', ...summaries[language] },
  });
  return { pt: inLanguage('pt'), en: inLanguage('en'), es: inLanguage('es') };
}
