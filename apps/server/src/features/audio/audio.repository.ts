import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Language } from '@summa/shared';
import type { Database, Transaction } from '../../db/database.js';
import { bookAudio, listeningLog, userAudios, userSummaries } from '../../db/schema/index.js';

export interface AudioTarget {
  summaryId: string;
  language: Language;
}

export interface StoredPart {
  part: number;
  /** The storage key. */
  audioUrl: string;
  durationMs: number;
  bytes: number;
  provider: string;
  voice: string;
}

const isTarget = ({ summaryId, language }: AudioTarget) =>
  and(eq(bookAudio.bookSummaryId, summaryId), eq(bookAudio.language, language));

const PART_COLUMNS = {
  part: bookAudio.part,
  audioUrl: bookAudio.audioUrl,
  durationMs: bookAudio.durationMs,
  bytes: bookAudio.bytes,
  provider: bookAudio.provider,
  voice: bookAudio.voice,
};

/** The parts of a finished narration, in order; empty when there is none. */
export async function findCompleteParts(db: Database, target: AudioTarget): Promise<StoredPart[]> {
  return db
    .select(PART_COLUMNS)
    .from(bookAudio)
    .where(and(isTarget(target), eq(bookAudio.complete, true)))
    .orderBy(asc(bookAudio.part));
}

/** The parts a synthesis wrote but never finished (it failed, or its process died). */
export async function findIncompleteParts(
  db: Database,
  target?: AudioTarget,
): Promise<(StoredPart & AudioTarget)[]> {
  return db
    .select({ ...PART_COLUMNS, summaryId: bookAudio.bookSummaryId, language: bookAudio.language })
    .from(bookAudio)
    .where(target ? and(isTarget(target), eq(bookAudio.complete, false)) : eq(bookAudio.complete, false));
}

/** Records a part before its file is written, so that a cleanup knows the file may exist. */
export async function insertPendingPart(db: Database, target: AudioTarget, part: StoredPart): Promise<void> {
  await db.insert(bookAudio).values({
    bookSummaryId: target.summaryId,
    language: target.language,
    ...part,
    complete: false,
  });
}

/** Publishes a narration: every part at once. */
export async function markComplete(db: Database, target: AudioTarget): Promise<void> {
  await db
    .update(bookAudio)
    .set({ complete: true })
    .where(and(isTarget(target), eq(bookAudio.complete, false)));
}

/** Forgets unfinished parts (their files are already gone). */
export async function deleteIncompleteParts(db: Database, target: AudioTarget, parts: readonly number[]) {
  if (parts.length === 0) return;
  await db.delete(bookAudio).where(
    and(
      isTarget(target),
      eq(bookAudio.complete, false),
      sql`${bookAudio.part} in (${sql.join(
        parts.map((part) => sql`${part}`),
        sql`, `,
      )})`,
    ),
  );
}

/** Records that the reader got this audio; true the first time (the once-only rule of audio_generated). */
export async function addUserAudio(db: Database, userId: string, target: AudioTarget): Promise<boolean> {
  const rows = await db
    .insert(userAudios)
    .values({ userId, bookSummaryId: target.summaryId, language: target.language })
    .onConflictDoNothing()
    .returning({ userId: userAudios.userId });
  return rows.length > 0;
}

/**
 * The length in seconds of the summary's narration that the reader got (user_audios), or 0 when
 * they have none or the summary is not in their history: what a day's listening to it may count.
 */
export async function listenableSeconds(db: Database, userId: string, summaryId: string): Promise<number> {
  const [found] = await db
    .select({ ms: sql<number>`coalesce(sum(${bookAudio.durationMs}), 0)`.mapWith(Number) })
    .from(bookAudio)
    .innerJoin(
      userAudios,
      and(
        eq(userAudios.bookSummaryId, bookAudio.bookSummaryId),
        eq(userAudios.language, bookAudio.language),
        eq(userAudios.userId, userId),
      ),
    )
    .innerJoin(
      userSummaries,
      and(eq(userSummaries.userId, userId), eq(userSummaries.summaryId, bookAudio.bookSummaryId)),
    )
    .where(and(eq(bookAudio.bookSummaryId, summaryId), eq(bookAudio.complete, true)));
  return Math.floor((found?.ms ?? 0) / 1000);
}

/** Slack for a player's timer against the server's clock, per report. */
const REPORT_SLACK_SECONDS = 2;

/**
 * Counts a report of `seconds` listened to the summary's narration on `today`: at most the time
 * since the reader's previous report (any narration) plus a little slack, and at most the
 * narration's length over the day. Older days' rows go. Runs with the reader's progress row
 * locked (the GoalActivity port), so one reader's reports count one after the other.
 */
export async function recordListening(
  tx: Transaction,
  report: {
    userId: string;
    summaryId: string;
    today: string;
    seconds: number;
    lengthSeconds: number;
    now: Date;
  },
): Promise<number> {
  const { userId, summaryId, today, seconds, lengthSeconds, now } = report;
  await tx.delete(listeningLog).where(and(eq(listeningLog.userId, userId), ne(listeningLog.day, today)));
  const [found] = await tx
    .select({
      last: sql<Date | null>`max(${listeningLog.reportedAt})`.mapWith((value: string | Date | null) =>
        value === null ? null : new Date(value),
      ),
      already:
        sql<number>`coalesce(sum(${listeningLog.seconds}) filter (where ${listeningLog.summaryId} = ${summaryId}), 0)`.mapWith(
          Number,
        ),
    })
    .from(listeningLog)
    .where(eq(listeningLog.userId, userId));
  const sinceLast = found?.last
    ? (now.getTime() - found.last.getTime()) / 1000 + REPORT_SLACK_SECONDS
    : seconds;
  const counted = Math.max(
    0,
    Math.floor(Math.min(seconds, sinceLast, lengthSeconds - (found?.already ?? 0))),
  );
  await tx
    .insert(listeningLog)
    .values({ userId, summaryId, day: today, seconds: counted, reportedAt: now })
    .onConflictDoUpdate({
      target: [listeningLog.userId, listeningLog.summaryId, listeningLog.day],
      set: { seconds: sql`${listeningLog.seconds} + ${counted}`, reportedAt: now },
    });
  return counted;
}
