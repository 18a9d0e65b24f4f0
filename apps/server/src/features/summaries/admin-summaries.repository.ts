import { and, desc, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AdminSummariesQuery, AdminSummary, SummaryContent } from '@summa/shared';
import type { Database, Transaction } from '../../db/database.js';
import {
  bookAudio,
  bookSummaries,
  orphanedFiles,
  removedSummaryEntries,
  summaryFeedback,
  userSummaries,
} from '../../db/schema/index.js';

// The admin console's reads and writes of stored summaries (ADR 0030).

const LIST_LIMIT = 100;

const likes = sql<number>`(select count(*) from ${summaryFeedback} where ${summaryFeedback.summaryId} = ${bookSummaries.id} and ${summaryFeedback.vote} = 'up')::int`;
const dislikes = sql<number>`(select count(*) from ${summaryFeedback} where ${summaryFeedback.summaryId} = ${bookSummaries.id} and ${summaryFeedback.vote} = 'down')::int`;
const readers = sql<number>`(select count(*) from ${userSummaries} where ${userSummaries.summaryId} = ${bookSummaries.id})::int`;

const columns = {
  id: bookSummaries.id,
  title: bookSummaries.title,
  author: bookSummaries.author,
  language: bookSummaries.language,
  source: bookSummaries.source,
  model: bookSummaries.model,
  createdAt: bookSummaries.createdAt,
  likes,
  dislikes,
  readers,
};

type Row = { [K in keyof typeof columns]: K extends 'createdAt' ? Date : unknown } & {
  id: string;
  title: string;
  author: string;
  language: AdminSummary['language'];
  source: AdminSummary['source'];
  model: string;
};

function view(row: Row): AdminSummary {
  const up = Number(row.likes);
  const down = Number(row.dislikes);
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    language: row.language,
    source: row.source,
    model: row.model,
    createdAt: row.createdAt.toISOString(),
    likes: up,
    dislikes: down,
    score: up - down,
    readers: Number(row.readers),
  };
}

function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** Stored summaries matching the admin's filters (title or author, language, days), at most 100. */
export async function listAdminSummaries(db: Database, query: AdminSummariesQuery): Promise<AdminSummary[]> {
  const filters: (SQL | undefined)[] = [
    query.q
      ? sql`(summa_search_norm(${bookSummaries.title}) like '%' || summa_search_norm(${query.q}) || '%' or summa_search_norm(${bookSummaries.author}) like '%' || summa_search_norm(${query.q}) || '%')`
      : undefined,
    query.language ? eq(bookSummaries.language, query.language) : undefined,
    query.from ? gte(bookSummaries.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(bookSummaries.createdAt, new Date(dayStart(query.to).getTime() + 86_400_000)) : undefined,
  ];
  const score = sql`(${likes} - ${dislikes})`;
  const order =
    query.sort === 'oldest'
      ? [asc(bookSummaries.createdAt)]
      : query.sort === 'best'
        ? [desc(score), desc(bookSummaries.createdAt)]
        : query.sort === 'worst'
          ? [asc(score), desc(bookSummaries.createdAt)]
          : [desc(bookSummaries.createdAt)];
  const rows = await db
    .select(columns)
    .from(bookSummaries)
    .where(and(...filters))
    .orderBy(...order, desc(bookSummaries.id))
    .limit(LIST_LIMIT);
  return rows.map(view);
}

export async function findAdminSummary(
  db: Database | Transaction,
  id: string,
): Promise<{ summary: AdminSummary; content: SummaryContent; normKey: string } | undefined> {
  const [row] = await db
    .select({ ...columns, content: bookSummaries.content, normKey: bookSummaries.normKey })
    .from(bookSummaries)
    .where(eq(bookSummaries.id, id));
  return row && { summary: view(row), content: row.content, normKey: row.normKey };
}

export type RemovalOutcome = { kind: 'removed'; title: string } | { kind: 'missing' } | { kind: 'editorial' };

/**
 * Removes a summary: each reader who had it keeps a history entry that says it was removed, its
 * narration's files are recorded as orphaned (removed at the next start), and the row goes with
 * what cascades from it (readers' lists, ratings, audio rows). The editors' summaries stay.
 */
export async function removeSummary(tx: Transaction, id: string): Promise<RemovalOutcome> {
  const [summary] = await tx
    .select({ title: bookSummaries.title, source: bookSummaries.source })
    .from(bookSummaries)
    .where(eq(bookSummaries.id, id))
    .for('update');
  if (!summary) return { kind: 'missing' };
  if (summary.source !== 'model') return { kind: 'editorial' };
  await tx.insert(removedSummaryEntries).select(
    tx
      .select({
        userId: userSummaries.userId,
        summaryId: bookSummaries.id,
        title: bookSummaries.title,
        author: bookSummaries.author,
        language: bookSummaries.language,
        lastSeenAt: userSummaries.lastSeenAt,
        removedAt: sql<Date>`now()`.as('removed_at'),
      })
      .from(userSummaries)
      .innerJoin(bookSummaries, eq(bookSummaries.id, userSummaries.summaryId))
      .where(eq(userSummaries.summaryId, id)),
  );
  await tx
    .insert(orphanedFiles)
    .select(
      tx
        .select({ key: bookAudio.audioUrl, createdAt: sql<Date>`now()`.as('created_at') })
        .from(bookAudio)
        .where(eq(bookAudio.bookSummaryId, id)),
    )
    .onConflictDoNothing();
  await tx.delete(bookSummaries).where(eq(bookSummaries.id, id));
  return { kind: 'removed', title: summary.title };
}

/** Replaces a summary's content with a new generation's (the admin's regeneration). */
export async function replaceSummaryContent(
  db: Database | Transaction,
  id: string,
  fields: {
    content: SummaryContent;
    related: (typeof bookSummaries.$inferInsert)['related'];
    model: string;
    kind: SummaryContent['kind'];
  },
): Promise<void> {
  await db
    .update(bookSummaries)
    .set({ ...fields, createdAt: sql`now()` })
    .where(eq(bookSummaries.id, id));
}
