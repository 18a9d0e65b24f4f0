import { createHash } from 'node:crypto';
import { normKey, type DemoResponse, type Language } from '@summa/shared';
import { CATALOG_IMPORT_ID, importedHash, recordImport } from '../../../db/data-imports.repository.js';
import type { Database } from '../../../db/database.js';
import { AppError } from '../../../http/app-error.js';
import type { InfoLog } from '../../../observability/info-log.js';
import type { BookCatalog } from '../../../ports/book-catalog.js';
import type { HouseNarration } from '../../../ports/house-narration.js';
import { relatedBooks, resolveBook } from '../generation/book-resolution.js';
import type { NewSummary } from '../generation/generation.repository.js';
import { findSummary, findSummaryIdByNormKey } from '../summaries.repository.js';
import { summaryView } from '../summaries.service.js';
import { loadEditorialLibrary, type EditorialBook } from './editorial-data.js';
import { seedEditorialSummaries, type EditorialSeedCounts } from './editorial.repository.js';

const EDITORIAL_IMPORT_ID = 'editorial';

export interface EditorialDeps {
  db: Database;
  catalog: BookCatalog;
  /** The demo's narration, on the house. */
  narration: HouseNarration;
  log: InfoLog;
  /** The library; by default the shipped one (data/editorial). */
  library?: readonly EditorialBook[];
}

/** What a seed did; `skipped` when neither the library nor the catalogue changed since the last one. */
export type EditorialSeedResult = EditorialSeedCounts & { total: number; skipped: boolean };

/**
 * The editorial library (data/editorial): summaries written by Summa's editors, seeded into the
 * summary cache at start under the norm_key a generation of the same book and language looks up,
 * so that the generation serves them (as any stored summary, charged alike). Also the demo.
 */
export class EditorialService {
  private readonly library: readonly EditorialBook[];
  private readonly demoBook: EditorialBook;

  constructor(private readonly deps: EditorialDeps) {
    this.library = deps.library ?? loadEditorialLibrary();
    const demo = this.library.find((entry) => entry.demo);
    if (!demo) throw new Error('the editorial library has no demo');
    this.demoBook = demo;
  }

  /**
   * At start, after the catalogue's import: writes the library when it, or the catalogue its
   * books resolve in, changed since the last seed (otherwise one small query).
   */
  async seedShipped(): Promise<EditorialSeedResult> {
    const { db, log } = this.deps;
    const total = this.library.length * Object.keys(this.demoBook.summaries).length;
    const hash = createHash('sha256')
      .update(JSON.stringify(this.library))
      .update((await importedHash(db, CATALOG_IMPORT_ID)) ?? '')
      .digest('hex');
    if ((await importedHash(db, EDITORIAL_IMPORT_ID)) === hash) {
      log.info({ total }, 'editorial library unchanged since its last seed');
      return { total, inserted: 0, updated: 0, unchanged: total, kept: 0, replaced: 0, skipped: true };
    }
    const started = performance.now();
    const summaries = (await Promise.all(this.library.map((entry) => this.summariesOf(entry)))).flat();
    const counts = await seedEditorialSummaries(db, summaries);
    await recordImport(db, EDITORIAL_IMPORT_ID, hash, summaries.length);
    log.info(
      { ...counts, total, ms: Math.round(performance.now() - started) },
      'editorial library seeded (it, or the catalogue, changed)',
    );
    return { ...counts, total, skipped: false };
  }

  /** The demo (GET /api/demo): its editorial summary in `language`, and the narration, on the house. */
  async demo(language: Language): Promise<DemoResponse> {
    const { db, narration } = this.deps;
    const book = await this.resolve(this.demoBook, language);
    const id = await findSummaryIdByNormKey(db, normKey(book.title, book.author, language));
    const stored = id ? await findSummary(db, id) : undefined;
    if (!stored) throw new AppError('NOT_FOUND', 404);
    return { summary: summaryView(stored), audio: await narration.narrationOf(stored.id, language) };
  }

  /** The book in the catalogue, as a generation resolves it; a library book outside it stops the start. */
  private async resolve(entry: EditorialBook, language: Language) {
    const book = await resolveBook(this.deps.catalog, {
      bookTitle: entry.book.title,
      bookAuthor: entry.book.author,
      language,
    });
    if (!book.bookId) {
      throw new Error(
        `data/editorial/${entry.slug}.json: "${entry.book.title}" by ${entry.book.author} is not in the catalogue`,
      );
    }
    return book;
  }

  private async summariesOf(entry: EditorialBook): Promise<NewSummary[]> {
    return Promise.all(
      (Object.entries(entry.summaries) as [Language, EditorialBook['summaries'][Language]][]).map(
        async ([language, sections]) => {
          const book = await this.resolve(entry, language);
          return {
            normKey: normKey(book.title, book.author, language),
            bookId: book.bookId,
            title: book.title,
            author: book.author,
            language,
            category: book.category,
            kind: 'nonfiction' as const,
            content: { kind: 'nonfiction' as const, ...sections },
            related: await relatedBooks(this.deps.catalog, book),
            model: 'editorial',
          };
        },
      ),
    );
  }
}
