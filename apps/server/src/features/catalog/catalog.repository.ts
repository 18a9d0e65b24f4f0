import { and, asc, count, desc, eq, inArray, isNotNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Badge, BookSource, Category, Language, Level, Sort } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { bookCovers, bookSummaries, books } from '../../db/schema/index.js';

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

/** A book as the import writes it: its cover is the cover sweep's (covers/), never the import's. */
export interface BookInput extends Omit<BookRecord, 'coverUrl'> {
  source: BookSource;
}

export const RECORD_COLUMNS = {
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

/** Whether `id` can be a book id at all (a uuid column rejects anything else with an error). */
export const isBookId = (id: string) => UUID.test(id);

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
 * Changes whenever a book is added, changed or removed, or its cover is stored or found missing:
 * the count and the latest changes. A cheap check that tells an instance its search index is out
 * of date.
 */
export async function catalogVersion(db: Database): Promise<string> {
  const [row] = await db
    .select({
      count: count(),
      latest: sql<string | null>`max(${books.updatedAt})::text`,
      latestCover: sql<string | null>`(select max(${bookCovers.updatedAt})::text from ${bookCovers}
        where ${bookCovers.status} in ('fetched', 'missing'))`,
    })
    .from(books);
  return `${row?.count ?? 0}@${row?.latest ?? ''}@${row?.latestCover ?? ''}`;
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
 * LIMIT, PostgreSQL evaluates it only for the rows returned, each an index lookup. The editors'
 * summary comes first (a model's one it replaced stays for the readers who have it).
 */
function summaryIdIn(language: Language | Placeholder): SQL<string | null> {
  // Drizzle leaves columns unqualified in a one-table select, where "id" would name the summary's.
  const bookId = sql`${books}.${sql.identifier(books.id.name)}`;
  return sql<string | null>`(select ${bookSummaries.id} from ${bookSummaries}
    where ${bookSummaries.bookId} = ${bookId} and ${bookSummaries.language} = ${language}
    order by ${bookSummaries.source} = 'model', ${bookSummaries.createdAt} limit 1)`;
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

function exploreOrder(options: Pick<ExploreOptions, 'search' | 'sort' | 'displayLanguage'>): SQL[] {
  const editorsFirst = sql`(${books.badges} @> array['editors']::text[]) desc`;
  // Byte order of the lower-case, unaccented title: the same A-Z on every server locale.
  const byTitle = sql`lower(summa_unaccent(${displayTitle(options.displayLanguage)})) collate "C"`;
  const order: SQL[] = [];
  if (options.search && options.sort === 'recommended') order.push(asc(tierOf(options.search.query)));
  if (options.sort === 'recommended') order.push(editorsFirst, desc(books.trendingScore));
  if (options.sort === 'trending') order.push(desc(books.trendingScore));
  order.push(asc(byTitle), asc(books.id));
  return order;
}

function explorePageQuery(
  db: Database,
  where: SQL | undefined,
  order: SQL[],
  language: Language | Placeholder,
) {
  return db
    .select({
      ...RECORD_COLUMNS,
      summaryId: summaryIdIn(language),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(books)
    .where(where)
    .orderBy(...order);
}

/** What an Explore page without a search changes its statement's text by (the rest are parameters). */
type ExploreShape = Pick<ExploreOptions, 'sort' | 'displayLanguage' | 'edition'> & {
  category: boolean;
  level: boolean;
};

/** One prepared statement per shape: at most 2 × 2 × 4 × 3 × 3 of them. */
const explorePages = new Map<string, ReturnType<typeof preparedExplorePage>>();

function preparedExplorePage(shape: ExploreShape, name: string) {
  return preparedPerDatabase((db) =>
    explorePageQuery(
      db,
      and(
        shape.category ? eq(books.category, sql.placeholder('category')) : undefined,
        shape.level ? eq(books.level, sql.placeholder('level')) : undefined,
        shape.edition ? isNotNull(EDITION_COLUMN[shape.edition]) : undefined,
      ),
      exploreOrder(shape),
      sql.placeholder('summaryLanguage'),
    )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
}

/** An Explore page without a search: the usual one, prepared (ADR 0039). */
function explorePage(db: Database, options: ExploreOptions) {
  const shape: ExploreShape = {
    category: options.category !== undefined,
    level: options.level !== undefined,
    edition: options.edition,
    sort: options.sort,
    displayLanguage: options.displayLanguage,
  };
  const name = `explore_${Number(shape.category)}${Number(shape.level)}_${shape.edition ?? 'any'}_${shape.sort}_${shape.displayLanguage}`;
  let page = explorePages.get(name);
  if (!page) {
    page = preparedExplorePage(shape, name);
    explorePages.set(name, page);
  }
  return page(db).execute({
    category: options.category,
    level: options.level,
    summaryLanguage: options.summaryLanguage,
    limit: options.limit,
    offset: options.offset,
  });
}

export async function exploreBooks(db: Database, options: ExploreOptions) {
  const where = filterConditions(options);
  const run = async (tx: Database) => {
    const rows = options.search
      ? await explorePageQuery(tx, where, exploreOrder(options), options.summaryLanguage)
          .limit(options.limit)
          .offset(options.offset)
      : await explorePage(tx, options);
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

/** The books with these ids, each with its summary in `summaryLanguage` (ids of no book are left out). */
export async function findListedBooks(
  db: Database,
  ids: readonly string[],
  summaryLanguage: Language,
): Promise<(BookRecord & { summaryId: string | null })[]> {
  const bookIds = ids.filter(isBookId);
  if (bookIds.length === 0) return [];
  return db
    .select({ ...RECORD_COLUMNS, summaryId: summaryIdIn(summaryLanguage) })
    .from(books)
    .where(inArray(books.id, bookIds));
}

export async function findBookById(db: Database, id: string): Promise<BookRecord | undefined> {
  if (!isBookId(id)) return undefined;
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
        excludeId && isBookId(excludeId) ? sql`${books.id} <> ${excludeId}` : undefined,
      ),
    )
    .orderBy(...thenTrending)
    .limit(limit);
}
