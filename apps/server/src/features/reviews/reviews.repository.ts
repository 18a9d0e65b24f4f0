import { and, asc, count, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Language, ReviewCardKind } from '@summa/shared';
import type { Database, Transaction } from '../../db/database.js';
import { bookSummaries, reviewCards, userSummaries } from '../../db/schema/index.js';

export type CardRow = typeof reviewCards.$inferSelect;
export type ScheduleColumns = Pick<
  CardRow,
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'scheduledDays'
  | 'learningSteps'
  | 'reps'
  | 'lapses'
  | 'state'
  | 'lastReview'
>;

/** Where each kind of card finds its items in a summary's content (a JSON list). */
const SOURCES: Record<ReviewCardKind, string> = {
  idea: 'keyIdeas',
  action: 'actions',
  character: 'characters',
  theme: 'themes',
};

/**
 * Makes the cards of every summary in the reader's history that has none yet: one per key idea
 * and action (non-fiction), per character and theme (fiction), due at once. One statement; a summary whose
 * cards exist is skipped, and a card made twice at once is made once (the unique index).
 */
export async function ensureCards(db: Database, userId: string, now: Date): Promise<void> {
  const sources = sql.join(
    Object.entries(SOURCES).map(([kind, field]) => sql`(${kind}, ${field})`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${reviewCards} (user_id, summary_id, kind, position, due)
    select ${userSummaries.userId}, ${userSummaries.summaryId}, source.kind, item.position, ${now}::timestamptz
    from ${userSummaries}
    join ${bookSummaries} on ${bookSummaries.id} = ${userSummaries.summaryId}
    cross join (values ${sources}) as source(kind, field)
    cross join lateral generate_series(
      0,
      coalesce(jsonb_array_length(case when jsonb_typeof(${bookSummaries.content} -> source.field) = 'array'
        then ${bookSummaries.content} -> source.field end), 0) - 1
    ) as item(position)
    where ${userSummaries.userId} = ${userId}
      and not exists (
        select 1 from ${reviewCards} existing
        where existing.user_id = ${userSummaries.userId} and existing.summary_id = ${userSummaries.summaryId}
      )
    on conflict do nothing`);
}

/** The item a card asks, read from its summary's content. */
const item = sql`(${bookSummaries.content} -> (case ${reviewCards.kind}
  when 'idea' then 'keyIdeas' when 'action' then 'actions'
  when 'character' then 'characters' else 'themes' end) -> ${reviewCards.position}::int)`;
const front = sql<string | null>`(case ${reviewCards.kind}
  when 'idea' then ${item} ->> 'title' when 'character' then ${item} ->> 'name' end)`;
const back = sql<string | null>`(case ${reviewCards.kind}
  when 'idea' then ${item} ->> 'explanation' when 'character' then ${item} ->> 'description'
  else ${item} #>> '{}' end)`;

/** A summary's cards in the order its page tells them: ideas (or characters) before actions (or themes). */
const kindOrder = sql`array_position(array['idea', 'character', 'action', 'theme'], ${reviewCards.kind})`;

export interface DueCard {
  id: string;
  summaryId: string;
  bookTitle: string;
  author: string;
  language: Language;
  kind: ReviewCardKind;
  front: string | null;
  back: string;
  state: number;
  due: Date;
}

/** The reader's cards due at `now`, oldest due first (new cards in the order of their summary). */
export async function findDue(db: Database, userId: string, now: Date, limit: number): Promise<DueCard[]> {
  const rows = await db
    .select({
      id: reviewCards.id,
      summaryId: reviewCards.summaryId,
      bookTitle: bookSummaries.title,
      author: bookSummaries.author,
      language: bookSummaries.language,
      kind: reviewCards.kind,
      front,
      back,
      state: reviewCards.state,
      due: reviewCards.due,
    })
    .from(reviewCards)
    .innerJoin(bookSummaries, eq(bookSummaries.id, reviewCards.summaryId))
    .where(and(eq(reviewCards.userId, userId), lte(reviewCards.due, now), isNotNull(back)))
    .orderBy(asc(reviewCards.due), asc(reviewCards.createdAt), kindOrder, asc(reviewCards.position))
    .limit(limit);
  return rows.flatMap((row) => (row.back === null ? [] : [{ ...row, back: row.back }]));
}

/** How many of the reader's cards are due at `now`, how many they have, and the next due after `now`. */
export async function countCards(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ due: number; total: number; nextDue: Date | null }> {
  const [found] = await db
    .select({
      due: sql<number>`count(*) filter (where ${reviewCards.due} <= ${now})`.mapWith(Number),
      total: count(),
      nextDue: sql<Date | null>`min(${reviewCards.due}) filter (where ${reviewCards.due} > ${now})`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(reviewCards)
    .where(eq(reviewCards.userId, userId));
  return { due: found?.due ?? 0, total: found?.total ?? 0, nextDue: found?.nextDue ?? null };
}

/** The reader's card, locked until the transaction ends; undefined when it is not theirs. */
export async function lockCard(
  tx: Transaction,
  userId: string,
  cardId: string,
): Promise<CardRow | undefined> {
  const [row] = await tx
    .select()
    .from(reviewCards)
    .where(and(eq(reviewCards.id, cardId), eq(reviewCards.userId, userId)))
    .for('update');
  return row;
}

export async function saveSchedule(
  tx: Transaction,
  cardId: string,
  schedule: ScheduleColumns,
): Promise<void> {
  await tx.update(reviewCards).set(schedule).where(eq(reviewCards.id, cardId));
}
