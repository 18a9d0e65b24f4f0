import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Badge, BookSource, Category, Language, Level, Sort } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { bookSummaries, books, catalogImports } from '../../db/schema/index.js';

/** A book as stored, with every edition title; the service picks the one to show. */
export interface BookRecord {
  id: string;
  slug: string;
  title: string;
  originalLanguage: string;
  titleEn: string | null;
  titlePt: string | null;
  titleEs: string | null;
  author: string;
  year: number | null;
  isbn13: string | null;
  category: Category;
  level: Level;
  badges: Badge[];
  trendingScore: number;
  coverUrl: string | null;
}

export interface BookInput extends BookRecord {
  source: BookSource;
}

const RECORD_COLUMNS = {
  id: books.id,
  slug: books.slug,
  title: books.title,
  originalLanguage: books.originalLanguage,
  titleEn: books.titleEn,
  titlePt: books.titlePt,
  titleEs: books.titleEs,
  author: books.author,
  year: books.year,
  isbn13: books.isbn13,
  category: books.category,
  level: books.level,
  badges: books.badges,
  trendingScore: books.trendingScore,
  coverUrl: books.coverUrl,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const EDITION_COLUMN = { en: books.titleEn, pt: books.titlePt, es: books.titleEs } as const;

/**
 * The search normal form of the query (summa_search_norm, the same function that builds
 * books.search_key) with LIKE's escape character and wildcards escaped, so that % and _
 * typed by a user only match themselves. A constant expression: planned once per query.
 */
function escapedQuery(query: string): SQL {
  return sql`replace(replace(replace(summa_search_norm(${query}), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
}

/** Word starts only: a title, author or word beginning with the query (short queries). */
function wordStartCondition(e: SQL): SQL {
  return sql`(${books.searchKey} like '%|' || ${e} || '%' or ${books.searchKey} like '% ' || ${e} || '%')`;
}

function substringCondition(e: SQL): SQL {
  return sql`${books.searchKey} like '%' || ${e} || '%'`;
}

/** Trigram word similarity of at least pg_trgm.word_similarity_threshold (0.6): typos. */
function similarCondition(query: string): SQL {
  return sql`summa_search_norm(${query}) <% ${books.searchKey}`;
}

/**
 * Which books a query matches. Short queries (under 3 characters once normalized) match the
 * start of a title, author or word; longer ones any substring, or, for typos, a similar word
 * sequence. Every form can use the GIN trigram index on search_key.
 */
function matchCondition(query: string, normalizedLength: number): SQL {
  const e = escapedQuery(query);
  if (normalizedLength < 3) return wordStartCondition(e);
  return sql`(${substringCondition(e)} or ${similarCondition(query)})`;
}

/**
 * Relevance tier: 0 a whole title (or author), 1 the start of a title or author, 2 the start
 * of a word, 3 a substring, 4 only similar (typo tolerance).
 */
function tierOf(query: string): SQL<number> {
  const e = escapedQuery(query);
  return sql<number>`case
    when ${books.searchKey} like '%|' || ${e} || '|%' then 0
    when ${books.searchKey} like '%|' || ${e} || '%' then 1
    when ${books.searchKey} like '% ' || ${e} || '%' then 2
    when ${books.searchKey} like '%' || ${e} || '%' then 3
    else 4 end`;
}

/**
 * The planner prices the trigram operator like a cheap comparison and picks a sequential scan,
 * which runs word_similarity on every row (about 140 ms for 10,000 books on PGlite, 80 ms on
 * PostgreSQL) where the GIN index answers in a few ms. Inside the transaction, it must use it.
 */
async function withTrigramIndex<T>(db: Database, run: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return run(tx);
  });
}

/** Every book, for the in-memory search index. */
export async function loadAllBooks(db: Database): Promise<BookRecord[]> {
  return db.select(RECORD_COLUMNS).from(books);
}

/**
 * Changes whenever a book is added, changed or removed: the count and the latest change. A
 * cheap check that tells an instance its search index is out of date.
 */
export async function catalogVersion(db: Database): Promise<string> {
  const [row] = await db
    .select({ count: count(), latest: sql<string | null>`max(${books.updatedAt})::text` })
    .from(books);
  return `${row?.count ?? 0}@${row?.latest ?? ''}`;
}

const thenTrending = [desc(books.trendingScore), asc(books.title), asc(books.id)];

const KEY_COLUMNS = [books.titleKey, books.titleEnKey, books.titlePtKey, books.titleEsKey, books.authorKey];

export interface CatalogFilters {
  category?: Category | undefined;
  level?: Level | undefined;
  /** Only books with an edition title in this language. */
  edition?: Language | undefined;
  search?: { query: string; normalizedLength: number } | undefined;
}

function filterConditions({ category, level, edition, search }: CatalogFilters): SQL | undefined {
  return and(
    category ? eq(books.category, category) : undefined,
    level ? eq(books.level, level) : undefined,
    edition ? isNotNull(EDITION_COLUMN[edition]) : undefined,
    search ? matchCondition(search.query, search.normalizedLength) : undefined,
  );
}

/**
 * The id of the book's summary in `language`, or null. A subquery rather than a join: nothing
 * makes (book, language) unique, and a second summary must not list the book twice. With a
 * LIMIT, PostgreSQL evaluates it only for the rows returned, each an index lookup.
 */
function summaryIdIn(language: Language): SQL<string | null> {
  // Drizzle leaves columns unqualified in a one-table select, where "id" would name the summary's.
  const bookId = sql`${books}.${sql.identifier(books.id.name)}`;
  return sql<string | null>`(select ${bookSummaries.id} from ${bookSummaries}
    where ${bookSummaries.bookId} = ${bookId} and ${bookSummaries.language} = ${language}
    order by ${bookSummaries.createdAt} limit 1)`;
}

export interface ExploreOptions extends CatalogFilters {
  sort: Sort;
  /** The language of the summary each book links to. */
  summaryLanguage: Language;
  /** The language whose edition title sorts A-Z (falling back like the shown title). */
  displayLanguage: Language;
  offset: number;
  limit: number;
}

function displayTitle(language: Language): SQL {
  const fallbacks = [language, ...(['en', 'pt', 'es'] as const).filter((l) => l !== language)];
  const columns = fallbacks.map((l) => EDITION_COLUMN[l]);
  return sql`coalesce(${sql.join(columns, sql`, `)}, ${books.title})`;
}

export async function exploreBooks(db: Database, options: ExploreOptions) {
  const where = filterConditions(options);
  const editorsFirst = sql`(${books.badges} @> array['editors']::text[]) desc`;
  // Byte order of the lower-case, unaccented title: the same A-Z on every server locale.
  const byTitle = sql`lower(summa_unaccent(${displayTitle(options.displayLanguage)})) collate "C"`;
  const order: SQL[] = [];
  if (options.search && options.sort === 'recommended') order.push(asc(tierOf(options.search.query)));
  if (options.sort === 'recommended') order.push(editorsFirst, desc(books.trendingScore));
  if (options.sort === 'trending') order.push(desc(books.trendingScore));
  order.push(asc(byTitle), asc(books.id));

  const run = async (tx: Database) => {
    const rows = await tx
      .select({
        ...RECORD_COLUMNS,
        summaryId: summaryIdIn(options.summaryLanguage),
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(books)
      .where(where)
      .orderBy(...order)
      .limit(options.limit)
      .offset(options.offset);
    if (rows.length > 0 || options.offset === 0) {
      return { rows, total: rows[0]?.total ?? 0 };
    }
    // A page past the end: still report how many there are.
    const [counted] = await tx.select({ total: count() }).from(books).where(where);
    return { rows, total: counted?.total ?? 0 };
  };
  return options.search && options.search.normalizedLength >= 3 ? withTrigramIndex(db, run) : run(db);
}

export async function countByCategory(db: Database, filters: CatalogFilters) {
  return db
    .select({ category: books.category, count: count() })
    .from(books)
    .where(filterConditions(filters))
    .groupBy(books.category);
}

export async function randomBook(
  db: Database,
  filters: CatalogFilters,
  summaryLanguage: Language,
): Promise<(BookRecord & { summaryId: string | null }) | undefined> {
  const [row] = await db
    .select({ ...RECORD_COLUMNS, summaryId: summaryIdIn(summaryLanguage) })
    .from(books)
    .where(filterConditions(filters))
    .orderBy(sql`random()`)
    .limit(1);
  return row;
}

export async function findBooksBySlugs(db: Database, slugs: string[]) {
  if (slugs.length === 0) return [];
  return db.select(RECORD_COLUMNS).from(books).where(inArray(books.slug, slugs));
}

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
  'coverUrl',
  'source',
] as const satisfies readonly (keyof BookInput)[];

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
      .values(chunk.map((input) => ({ ...input, editOrigin: 'catalog' as const, editedBy: null })))
      .onConflictDoUpdate({
        target: books.slug,
        set: {
          title: sql`excluded.title`,
          originalLanguage: sql`excluded.original_language`,
          titleEn: sql`excluded.title_en`,
          titlePt: sql`excluded.title_pt`,
          titleEs: sql`excluded.title_es`,
          author: sql`excluded.author`,
          year: sql`excluded.year`,
          isbn13: sql`excluded.isbn13`,
          category: sql`excluded.category`,
          level: sql`excluded.level`,
          badges: sql`excluded.badges`,
          trendingScore: sql`excluded.trending_score`,
          coverUrl: sql`excluded.cover_url`,
          source: sql`excluded.source`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${books.editOrigin} = 'catalog' and (${books.title}, ${books.originalLanguage},
          ${books.titleEn}, ${books.titlePt}, ${books.titleEs}, ${books.author}, ${books.year},
          ${books.isbn13}, ${books.category}, ${books.level}, ${books.badges}, ${books.trendingScore},
          ${books.coverUrl}, ${books.source})
          is distinct from (excluded.title, excluded.original_language, excluded.title_en,
          excluded.title_pt, excluded.title_es, excluded.author, excluded.year, excluded.isbn13,
          excluded.category, excluded.level, excluded.badges, excluded.trending_score,
          excluded.cover_url, excluded.source)`,
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
  if (!UUID.test(id)) return undefined;
  const [record] = await db
    .update(books)
    .set({ ...edit, editOrigin: 'admin', editedBy: adminId, updatedAt: sql`now()` })
    .where(eq(books.id, id))
    .returning(RECORD_COLUMNS);
  return record;
}

export async function importedHash(db: Database, importId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ contentHash: catalogImports.contentHash })
    .from(catalogImports)
    .where(eq(catalogImports.id, importId));
  return row?.contentHash;
}

export async function recordImport(db: Database, importId: string, contentHash: string, bookCount: number) {
  await db
    .insert(catalogImports)
    .values({ id: importId, contentHash, bookCount })
    .onConflictDoUpdate({
      target: catalogImports.id,
      set: { contentHash, bookCount, importedAt: sql`now()` },
    });
}

export async function findBookById(db: Database, id: string): Promise<BookRecord | undefined> {
  if (!UUID.test(id)) return undefined;
  const [record] = await db.select(RECORD_COLUMNS).from(books).where(eq(books.id, id)).limit(1);
  return record;
}

/** The book whose title (any edition) and author are these, in search normal form. */
export async function findBookByTitleAndAuthor(
  db: Database,
  title: string,
  author: string,
): Promise<BookRecord | undefined> {
  const titleKey = sql`summa_search_norm(${title})`;
  const [record] = await db
    .select(RECORD_COLUMNS)
    .from(books)
    .where(
      and(
        sql`${titleKey} in (${sql.join(KEY_COLUMNS.slice(0, 4), sql`, `)})`,
        sql`${books.authorKey} = summa_search_norm(${author})`,
      ),
    )
    .orderBy(desc(books.trendingScore))
    .limit(1);
  return record;
}

/** Other books of a category, best known first. */
export async function findBooksInCategory(
  db: Database,
  category: Category,
  excludeId: string | undefined,
  limit: number,
): Promise<BookRecord[]> {
  return db
    .select(RECORD_COLUMNS)
    .from(books)
    .where(
      and(
        eq(books.category, category),
        eq(books.source, 'catalog'),
        excludeId && UUID.test(excludeId) ? sql`${books.id} <> ${excludeId}` : undefined,
      ),
    )
    .orderBy(...thenTrending)
    .limit(limit);
}
