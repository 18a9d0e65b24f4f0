import { and, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  SEARCH_MAX_LIMIT,
  type BookKind,
  type Category,
  type FeedbackRequest,
  type Language,
  type PlanType,
  type RelatedBook,
  type SummaryContent,
} from '@summa/shared';
import type { Database } from '../../db/database.js';
import { effectivePlan } from '../../db/effective-plan.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import {
  bookSummaries,
  books,
  removedSummaryEntries,
  summaryFeedback,
  userSummaries,
  users,
  userSubscriptions,
} from '../../db/schema/index.js';
import type { SummarySource } from '../../db/schema/summaries.js';

export interface SummaryRecord {
  id: string;
  normKey: string;
  bookId: string | null;
  title: string;
  author: string;
  language: Language;
  category: Category | null;
  kind: BookKind;
  content: SummaryContent;
  related: RelatedBook[];
  coverUrl: string | null;
  /** The catalogue book's ISBN-13, when the summary is of a catalogue book that has one. */
  isbn13: string | null;
  /** Who wrote it: the model, or Summa's editors (the editorial library). */
  source: SummarySource;
  createdAt: Date;
}

/**
 * The related books as stored with the summary, each with the cover its book has now: a cover
 * is stored after the summary was written, or the summary was written before covers were the
 * app's own (ADR 26).
 */
const RELATED_WITH_COVERS = sql<RelatedBook[]>`coalesce((
  select jsonb_agg(related.book || jsonb_build_object('cover_url', related_book.cover_url)
    order by related.position)
  from jsonb_array_elements(${bookSummaries.related}) with ordinality as related(book, position)
  left join ${books} as related_book on related_book.id::text = related.book->>'id'
), '[]'::jsonb)`;

const SUMMARY_COLUMNS = {
  id: bookSummaries.id,
  normKey: bookSummaries.normKey,
  bookId: bookSummaries.bookId,
  title: bookSummaries.title,
  author: bookSummaries.author,
  language: bookSummaries.language,
  category: bookSummaries.category,
  kind: bookSummaries.kind,
  content: bookSummaries.content,
  related: RELATED_WITH_COVERS,
  coverUrl: books.coverUrl,
  isbn13: books.isbn13,
  source: bookSummaries.source,
  createdAt: bookSummaries.createdAt,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findSummaryIdByNormKey(db: Database, normKey: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: bookSummaries.id })
    .from(bookSummaries)
    .where(eq(bookSummaries.normKey, normKey))
    .limit(1);
  return row?.id;
}

/** What a summary is about, without its content: its language and category. */
export async function findSummaryTopic(db: Database, id: string) {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select({ id: bookSummaries.id, language: bookSummaries.language, category: bookSummaries.category })
    .from(bookSummaries)
    .where(eq(bookSummaries.id, id))
    .limit(1);
  return row;
}

export async function findSummary(db: Database, id: string): Promise<SummaryRecord | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select(SUMMARY_COLUMNS)
    .from(bookSummaries)
    .leftJoin(books, eq(books.id, bookSummaries.bookId))
    .where(eq(bookSummaries.id, id))
    .limit(1);
  return row;
}

/** Their state of the summary: whether they opened it in the last minute, and their rating. */
function readerStateOf(db: Database, summaryId: Placeholder, userId: Placeholder) {
  return db
    .select({
      seenRecently:
        sql<boolean>`coalesce(${userSummaries.lastSeenAt} > now() - interval '1 minute', false)`.as(
          'seen_recently',
        ),
      vote: summaryFeedback.vote,
      comment: summaryFeedback.comment,
    })
    .from(bookSummaries)
    .leftJoin(
      userSummaries,
      and(eq(userSummaries.summaryId, bookSummaries.id), eq(userSummaries.userId, userId)),
    )
    .leftJoin(
      summaryFeedback,
      and(eq(summaryFeedback.summaryId, bookSummaries.id), eq(summaryFeedback.userId, userId)),
    )
    .where(eq(bookSummaries.id, summaryId))
    .limit(1);
}

const readerState = preparedPerDatabase((db) =>
  readerStateOf(db, sql.placeholder('summaryId'), sql.placeholder('userId')).prepare('reader_state'),
);

/** A reader's own state of a summary: their rating, and whether they opened it in the last minute. */
export async function findReaderState(db: Database, summaryId: string, userId: string) {
  const [row] = await readerState(db).execute({ summaryId, userId });
  return row ?? { seenRecently: false, vote: null, comment: null };
}

/** A (reader, summary) pair as one key: `userId|summaryId`. */
export const readerSummaryKey = (userId: string, summaryId: string) => `${userId}|${summaryId}`;

/** The valid (reader, summary) pairs among `readerSummaryKey` keys, each once. */
function readerSummaryPairs(keys: readonly string[]): [string, string][] {
  return [...new Set(keys)]
    .map((key) => key.split('|'))
    .filter((pair): pair is [string, string] => pair.length === 2 && pair.every((id) => UUID.test(id)));
}

/**
 * Readers opening summaries, all in one round trip: each opening recorded in the reader's
 * history (whose order it is), unless they opened it in the last minute, when nothing is written
 * or locked; and each reader's rating. The openings of one turn of the event loop share it
 * (batchedReads), so a burst of first openings waits on one pool connection, not one each. A
 * summary or reader that does not exist records nothing and has no entry. The history rows are
 * written in key order, so two such statements at once lock them in the same order.
 */
const readersOpen = preparedPerDatabase((db) => {
  const opening = sql`unnest(${sql.placeholder('readers')}::uuid[], ${sql.placeholder('summaries')}::uuid[])
    as opening(user_id, summary_id)`;
  const state = db.$with('state').as(
    db
      .select({
        userId: sql<string>`opening.user_id`.as('reader_id'),
        summaryId: sql<string>`opening.summary_id`.as('opened_id'),
        seenRecently:
          sql<boolean>`coalesce(${userSummaries.lastSeenAt} > now() - interval '1 minute', false)`.as(
            'seen_recently',
          ),
        vote: sql<FeedbackRequest['vote'] | null>`${summaryFeedback.vote}`.as('vote'),
        comment: sql<string | null>`${summaryFeedback.comment}`.as('comment'),
      })
      .from(opening)
      .innerJoin(bookSummaries, sql`${bookSummaries.id} = opening.summary_id`)
      // A reader whose account is gone (their session still trusted for a few seconds) records
      // nothing: their row would fail the whole batch on its foreign key.
      .innerJoin(users, sql`${users.id} = opening.user_id`)
      .leftJoin(
        userSummaries,
        and(eq(userSummaries.summaryId, bookSummaries.id), sql`${userSummaries.userId} = opening.user_id`),
      )
      .leftJoin(
        summaryFeedback,
        and(
          eq(summaryFeedback.summaryId, bookSummaries.id),
          sql`${summaryFeedback.userId} = opening.user_id`,
        ),
      ),
  );
  const touch = db.$with('touch').as(
    db
      .insert(userSummaries)
      .select(
        sql`select reader_id, opened_id, null::timestamptz, now() from ${state}
          where not seen_recently order by reader_id, opened_id`,
      )
      .onConflictDoUpdate({
        target: [userSummaries.userId, userSummaries.summaryId],
        set: { lastSeenAt: sql`now()` },
      }),
  );
  return db
    .with(state, touch)
    .select({ userId: state.userId, summaryId: state.summaryId, vote: state.vote, comment: state.comment })
    .from(state)
    .prepare('readers_open');
});

export async function openAsReaders(
  db: Database,
  keys: readonly string[],
): Promise<Map<string, { vote: FeedbackRequest['vote'] | null; comment: string | null }>> {
  const pairs = readerSummaryPairs(keys);
  if (pairs.length === 0) return new Map();
  const rows = await readersOpen(db).execute({
    readers: pairs.map(([userId]) => userId),
    summaries: pairs.map(([, summaryId]) => summaryId),
  });
  return new Map(
    rows.map(({ userId, summaryId, ...rating }) => [readerSummaryKey(userId, summaryId), rating]),
  );
}

// ---------------------------------------------------------------------------------------------
// A reader's summaries

/** Adds a summary to a reader's list; false when they already had it (then it is only touched). */
export async function addUserSummary(
  db: Database,
  userId: string,
  summaryId: string,
  generated: boolean,
): Promise<boolean> {
  const [inserted] = await db
    .insert(userSummaries)
    .values({ userId, summaryId, generatedAt: generated ? sql`now()` : null })
    .onConflictDoNothing()
    .returning({ summaryId: userSummaries.summaryId });
  if (inserted) return true;
  await touchUserSummary(db, userId, summaryId);
  return false;
}

export async function touchUserSummary(db: Database, userId: string, summaryId: string): Promise<void> {
  await db
    .insert(userSummaries)
    .values({ userId, summaryId })
    .onConflictDoUpdate({
      target: [userSummaries.userId, userSummaries.summaryId],
      set: { lastSeenAt: sql`now()` },
    });
}

export async function hasUserSummary(db: Database, userId: string, summaryId: string): Promise<boolean> {
  const [row] = await db
    .select({ summaryId: userSummaries.summaryId })
    .from(userSummaries)
    .where(and(eq(userSummaries.userId, userId), eq(userSummaries.summaryId, summaryId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Which of these `readerSummaryKey` pairs are in the readers' lists, with each listed summary's
 * topic, in one query (a key that names no valid id is in none).
 */
export async function findListedTopics(
  db: Database,
  keys: readonly string[],
): Promise<Map<string, { id: string; language: Language; category: Category | null }>> {
  const pairs = readerSummaryPairs(keys);
  if (pairs.length === 0) return new Map();
  const rows = await db
    .select({
      userId: userSummaries.userId,
      id: bookSummaries.id,
      language: bookSummaries.language,
      category: bookSummaries.category,
    })
    .from(userSummaries)
    .innerJoin(bookSummaries, eq(bookSummaries.id, userSummaries.summaryId))
    .where(
      sql`(${userSummaries.userId}, ${userSummaries.summaryId}) in (${sql.join(
        pairs.map(([userId, summaryId]) => sql`(${userId}::uuid, ${summaryId}::uuid)`),
        sql`, `,
      )})`,
    );
  return new Map(rows.map(({ userId, ...topic }) => [readerSummaryKey(userId, topic.id), topic]));
}

/** Title or author contains the query, accent- and case-insensitively; % and _ match themselves. */
function matchesQuery(query: Placeholder | SQL): SQL {
  const escaped = sql`replace(replace(replace(summa_search_norm(${query}), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
  const pattern = sql`'%' || ${escaped} || '%'`;
  return sql`(summa_search_norm(${bookSummaries.title}) like ${pattern} or summa_search_norm(${bookSummaries.author}) like ${pattern})`;
}

export interface HistoryRow {
  summaryId: string;
  title: string;
  author: string;
  language: Language;
  coverUrl: string | null;
  /** The summary's one-liner: only it of the whole content, which is several kilobytes. */
  oneLiner: string;
  lastSeenAt: Date;
}

/** One reader's search of their own summaries: in `language`, title or author holding `query`. */
export interface HistorySearch {
  userId: string;
  query: string;
  language: Language;
  limit: number;
}

/**
 * Readers' searches of their own summaries, all in one statement: for each search (by its place
 * in the arrays), at most SEARCH_MAX_LIMIT summaries, most recently seen first. The languages go
 * as text, cast in the statement: PGlite learns array types when it opens, so an array of the
 * `language` type the migrations create afterwards would reach it malformed.
 */
const userSummariesMatching = preparedPerDatabase((db) => {
  const found = db
    .select({
      summaryId: bookSummaries.id,
      title: bookSummaries.title,
      author: bookSummaries.author,
      language: bookSummaries.language,
      coverUrl: books.coverUrl,
      // The database picks the one field: reading and parsing every content (~5 KB each) made
      // the history and the signed-in search box the slowest reads (bench:load).
      oneLiner: sql<string>`${bookSummaries.content}->>'oneLiner'`.as('one_liner'),
      lastSeenAt: userSummaries.lastSeenAt,
    })
    .from(userSummaries)
    .innerJoin(bookSummaries, eq(bookSummaries.id, userSummaries.summaryId))
    .leftJoin(books, eq(books.id, bookSummaries.bookId))
    .where(
      and(
        sql`${userSummaries.userId} = search.user_id`,
        sql`${bookSummaries.language} = search.language::language`,
        matchesQuery(sql`search.query`),
      ),
    )
    .orderBy(desc(userSummaries.lastSeenAt), desc(bookSummaries.id))
    .limit(SEARCH_MAX_LIMIT)
    .as('found');
  const searches = sql`unnest(${sql.placeholder('readers')}::uuid[], ${sql.placeholder('queries')}::text[],
    ${sql.placeholder('languages')}::text[]) with ordinality as search(user_id, query, language, place)`;
  return db
    .select({
      place: sql<number>`search.place`.mapWith(Number),
      summaryId: found.summaryId,
      title: found.title,
      author: found.author,
      language: found.language,
      coverUrl: found.coverUrl,
      oneLiner: found.oneLiner,
      lastSeenAt: found.lastSeenAt,
    })
    .from(searches)
    .crossJoinLateral(found)
    .orderBy(sql`search.place`, desc(found.lastSeenAt), desc(found.summaryId))
    .prepare('user_summaries_matching');
});

/**
 * Readers' summaries whose title or author holds their query, most recently seen first, for
 * each search in `searches` (by its place); the searches of one turn of the event loop share
 * the statement (batchedReads).
 */
export async function findUserSummaries(
  db: Database,
  searches: readonly HistorySearch[],
): Promise<HistoryRow[][]> {
  const found: HistoryRow[][] = searches.map(() => []);
  if (searches.length === 0) return found;
  const rows = await userSummariesMatching(db).execute({
    readers: searches.map((search) => search.userId),
    queries: searches.map((search) => search.query),
    languages: searches.map((search) => search.language),
  });
  for (const { place, ...row } of rows) {
    const search = searches[place - 1];
    const list = found[place - 1];
    if (search && list && list.length < search.limit) list.push(row);
  }
  return found;
}

/** A history entry of a summary an admin removed (ADR 0030). */
export interface RemovedHistoryRow {
  summaryId: string;
  title: string;
  author: string;
  language: Language;
  lastSeenAt: Date;
}

/** What the history page shows: the reader's plan, their page of summaries, the total, the removed ones. */
export interface HistoryPage {
  plan: PlanType;
  rows: HistoryRow[];
  total: number;
  removed: RemovedHistoryRow[];
}

/** The history page's one statement: with the search box's filter, or without (the usual read). */
function historyPageQuery(db: Database, search: boolean) {
  const userId = sql.placeholder('userId');
  const reader = db.$with('reader').as(
    db
      .select({ plan: sql<PlanType>`${effectivePlan(users.id)}`.as('plan') })
      .from(users)
      .leftJoin(userSubscriptions, eq(userSubscriptions.userId, users.id))
      .where(eq(users.id, userId)),
  );
  const live = db
    .select({
      removed: sql<boolean>`false`.as('removed'),
      summaryId: sql<string>`${bookSummaries.id}`.as('summary_id'),
      title: bookSummaries.title,
      author: bookSummaries.author,
      language: bookSummaries.language,
      coverUrl: sql<string | null>`${books.coverUrl}`.as('cover_url'),
      oneLiner: sql<string>`${bookSummaries.content}->>'oneLiner'`.as('one_liner'),
      lastSeenAt: userSummaries.lastSeenAt,
      position:
        sql<number>`row_number() over (order by ${userSummaries.lastSeenAt} desc, ${bookSummaries.id} desc)`.as(
          'position',
        ),
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(userSummaries)
    .innerJoin(bookSummaries, eq(bookSummaries.id, userSummaries.summaryId))
    .leftJoin(books, eq(books.id, bookSummaries.bookId))
    .where(
      and(eq(userSummaries.userId, userId), search ? matchesQuery(sql.placeholder('query')) : undefined),
    );
  const gone = db
    .select({
      removed: sql<boolean>`true`.as('removed'),
      summaryId: sql<string>`${removedSummaryEntries.summaryId}`.as('summary_id'),
      title: removedSummaryEntries.title,
      author: removedSummaryEntries.author,
      language: removedSummaryEntries.language,
      coverUrl: sql<string | null>`null`.as('cover_url'),
      oneLiner: sql<string>`''`.as('one_liner'),
      lastSeenAt: removedSummaryEntries.lastSeenAt,
      position: sql<number>`0`.as('position'),
      total: sql<number>`0`.as('total'),
    })
    .from(removedSummaryEntries)
    .where(eq(removedSummaryEntries.userId, userId));
  const entries = db.$with('entries').as(live.unionAll(gone));
  const plan = sql<PlanType>`(select ${reader.plan} from ${reader})`;
  return db
    .with(reader, entries)
    .select({
      plan,
      removed: entries.removed,
      summaryId: entries.summaryId,
      title: entries.title,
      author: entries.author,
      language: entries.language,
      coverUrl: entries.coverUrl,
      oneLiner: entries.oneLiner,
      lastSeenAt: entries.lastSeenAt,
      total: sql<number>`${entries.total}`.mapWith(Number),
    })
    .from(entries)
    .where(
      sql`${entries.removed} or ${entries.position} <= (case when ${plan} = 'premium' then ${sql.placeholder('premiumLimit')}::int else ${sql.placeholder('freeLimit')}::int end)`,
    )
    .orderBy(entries.removed, entries.position, desc(entries.lastSeenAt))
    .prepare(search ? 'history_page_search' : 'history_page');
}

const historyPage = preparedPerDatabase((db) => historyPageQuery(db, false));
const historyPageSearch = preparedPerDatabase((db) => historyPageQuery(db, true));

/**
 * The history page in one statement (it took four, three of them at once, each waiting for a
 * pool connection under bench:load): the reader's plan (db/effective-plan.ts), which sets how
 * many of their summaries they see (`limits`), that page most recently seen first, how many
 * there are in all, and every entry of a removed summary, newest seen first.
 */
export async function findHistoryPage(
  db: Database,
  userId: string,
  { query, limits }: { query: string | undefined; limits: Record<PlanType, number> },
): Promise<HistoryPage> {
  const placeholders = { userId, premiumLimit: limits.premium, freeLimit: limits.free };
  const found = query
    ? await historyPageSearch(db).execute({ ...placeholders, query })
    : await historyPage(db).execute(placeholders);
  const rows: HistoryRow[] = [];
  const removed: RemovedHistoryRow[] = [];
  for (const { plan: _plan, removed: isRemoved, total: _total, coverUrl, oneLiner, ...entry } of found) {
    if (isRemoved) removed.push(entry);
    else rows.push({ ...entry, coverUrl, oneLiner });
  }
  return {
    plan: found[0]?.plan ?? 'free',
    rows,
    total: found.find((entry) => !entry.removed)?.total ?? 0,
    removed,
  };
}

// ---------------------------------------------------------------------------------------------
// Feedback

/** Stores a reader's rating; false when they had already rated this summary. */
export async function insertFeedback(
  db: Database,
  userId: string,
  summaryId: string,
  feedback: FeedbackRequest,
): Promise<boolean> {
  const [row] = await db
    .insert(summaryFeedback)
    .values({ userId, summaryId, vote: feedback.vote, comment: feedback.comment || null })
    .onConflictDoNothing()
    .returning({ summaryId: summaryFeedback.summaryId });
  return row !== undefined;
}
