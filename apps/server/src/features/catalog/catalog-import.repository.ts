import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { books } from '../../db/schema/index.js';
import { upsertFromExcluded } from '../../db/upsert.js';
import { isBookId, RECORD_COLUMNS, type BookInput, type BookRecord } from './catalog.repository.js';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const UPSERT_CHUNK = 500;

/** What an import did to the rows it was given. */
export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows an admin edited, left as they are although the input differs. */
  kept: number;
}

/** The columns an import writes, in one order for both sides of a comparison. */
const CONTENT_COLUMNS = [
  'title',
  'originalLanguage',
  'titleEn',
  'titlePt',
  'titleEs',
  'author',
  'year',
  'isbn13',
  'category',
  'level',
  'badges',
  'trendingScore',
  'source',
] as const satisfies readonly (keyof BookInput)[];

/** The upsert of those columns: an import rewrites a catalogue row only when one of them changed. */
const contentUpsert = upsertFromExcluded(books, CONTENT_COLUMNS);

type BookContent = Pick<BookInput, (typeof CONTENT_COLUMNS)[number]>;

const sameContent = (row: BookContent, input: BookContent) =>
  CONTENT_COLUMNS.every((column) => {
    const [a, b] = [row[column], input[column]];
    return Array.isArray(a) && Array.isArray(b)
      ? a.length === b.length && a.every((item, index) => item === b[index])
      : a === b;
  });

/** Of these inputs, how many an admin-edited row holds back (its content differs). */
async function countKept(db: Database, chunk: readonly BookInput[]): Promise<number> {
  const edited = await db
    .select({ ...RECORD_COLUMNS, source: books.source })
    .from(books)
    .where(
      and(
        eq(books.editOrigin, 'admin'),
        inArray(
          books.slug,
          chunk.map((input) => input.slug),
        ),
      ),
    );
  const inputs = new Map(chunk.map((input) => [input.slug, input]));
  return edited.filter((row) => {
    const input = inputs.get(row.slug);
    return input !== undefined && !sameContent(row, input);
  }).length;
}

/**
 * Inserts new books and updates changed ones, matched by slug; unchanged rows are left alone,
 * and so are rows an admin edited (edit_origin 'admin'): a re-import never overwrites them.
 * Ids are kept on update.
 */
export async function upsertBooks(db: Database, inputs: readonly BookInput[]): Promise<UpsertCounts> {
  let inserted = 0;
  let updated = 0;
  let kept = 0;
  for (let start = 0; start < inputs.length; start += UPSERT_CHUNK) {
    const chunk = inputs.slice(start, start + UPSERT_CHUNK);
    const changed = await db
      .insert(books)
      .values(chunk.map((input) => ({ ...input })))
      .onConflictDoUpdate({
        target: books.slug,
        set: { ...contentUpsert.set, updatedAt: sql`now()` },
        setWhere: sql`${books.editOrigin} = 'catalog' and ${contentUpsert.changed}`,
      })
      // xmax is 0 only on a freshly inserted row version.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const row of changed) {
      if (row.inserted) inserted += 1;
      else updated += 1;
    }
    kept += await countKept(db, chunk);
  }
  // Fresh planner statistics (PGlite has no autoanalyze): they decide index or sequential scan.
  if (inserted + updated > 0) await db.execute(sql`analyze books`);
  return { inserted, updated, unchanged: inputs.length - inserted - updated - kept, kept };
}

/** What an admin may change in a book; the slug stays, as the import matches books by it. */
export type BookEdit = Partial<Omit<BookInput, 'id' | 'slug'>>;

/**
 * An admin's edit of a book: recorded as theirs (edit_origin 'admin', edited_by, updated_at),
 * so no later catalogue import overwrites it. Undefined when no book has this id.
 */
export async function editBookAsAdmin(
  db: Database,
  id: string,
  edit: BookEdit,
  adminId: string,
): Promise<BookRecord | undefined> {
  if (!isBookId(id)) return undefined;
  const [record] = await db
    .update(books)
    .set({ ...edit, editOrigin: 'admin', editedBy: adminId, updatedAt: sql`now()` })
    .where(eq(books.id, id))
    .returning(RECORD_COLUMNS);
  return record;
}
