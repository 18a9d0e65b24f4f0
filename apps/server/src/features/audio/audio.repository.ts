import { and, asc, eq, sql } from 'drizzle-orm';
import type { Language } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { bookAudio, userAudios } from '../../db/schema/index.js';

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
