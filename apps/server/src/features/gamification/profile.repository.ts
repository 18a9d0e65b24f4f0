import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DailyGoal, Language, PlanType } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { effectivePlan } from '../../db/effective-plan.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import {
  profiles,
  readerAchievements,
  readerProgress,
  users,
  userSubscriptions,
} from '../../db/schema/index.js';
import type { ProgressRow, Transaction } from './progress.repository.js';

export type ProfileRow = Pick<
  typeof profiles.$inferSelect,
  'nickname' | 'avatarPreset' | 'avatarKey' | 'preferredLanguage' | 'timeZone' | 'dailyGoal'
>;

const PROFILE_COLUMNS = {
  nickname: profiles.nickname,
  avatarPreset: profiles.avatarPreset,
  avatarKey: profiles.avatarKey,
  preferredLanguage: profiles.preferredLanguage,
  timeZone: profiles.timeZone,
  dailyGoal: profiles.dailyGoal,
};

export async function findProfile(
  db: Database | Transaction,
  userId: string,
): Promise<ProfileRow | undefined> {
  const [row] = await db.select(PROFILE_COLUMNS).from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row;
}

/** What GET /api/me shows: the profile with the reader's plan, and what their progress view needs. */
export interface ProfileAndProgress {
  profile: ProfileRow;
  plan: PlanType;
  /** Undefined while they have none (no activity yet). */
  progress: ProgressRow | undefined;
  /** How many achievements they unlocked. */
  unlocked: number;
}

/**
 * Readers' profiles, plans (db/effective-plan.ts) and progress in one statement: GET /api/me
 * took three, two of them at once, each waiting for a pool connection under bench:load. The
 * readers asking in one turn of the event loop share it (batchedReads).
 */
const profilesAndProgress = preparedPerDatabase((db) =>
  db
    .select({
      id: profiles.id,
      ...PROFILE_COLUMNS,
      plan: effectivePlan(users.id),
      progress: readerProgress,
      unlocked: sql<number>`(select count(*)::int from ${readerAchievements} where ${readerAchievements.userId} = ${profiles.id})`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .leftJoin(userSubscriptions, eq(userSubscriptions.userId, users.id))
    .leftJoin(readerProgress, eq(readerProgress.userId, profiles.id))
    .where(sql`${profiles.id} = any(${sql.placeholder('userIds')}::uuid[])`)
    .prepare('profiles_and_progress'),
);

export async function findProfilesAndProgress(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, ProfileAndProgress>> {
  const found = await profilesAndProgress(db).execute({ userIds: [...new Set(userIds)] });
  return new Map(
    found.map(({ id, plan, progress, unlocked, ...profile }) => [
      id,
      { profile, plan, progress: progress ?? undefined, unlocked },
    ]),
  );
}

/** Locks the reader's profile row until the transaction ends (a language or avatar change). */
export async function lockProfile(tx: Transaction, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await tx.select(PROFILE_COLUMNS).from(profiles).where(eq(profiles.id, userId)).for('update');
  return row;
}

export interface ProfileChanges {
  nickname?: string | null;
  /** Set together with the nickname (nickname-skeleton.ts). */
  nicknameSkeleton?: string | null;
  avatarPreset?: string | null;
  avatarKey?: string | null;
  preferredLanguage?: Language;
  timeZone?: string;
  dailyGoal?: DailyGoal;
}

export async function updateProfileRow(
  tx: Transaction,
  userId: string,
  changes: ProfileChanges,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx
    .update(profiles)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(profiles.id, userId));
}

/** Whether another reader has this nickname, whatever its case, or one with the same skeleton. */
export async function nicknameTaken(
  db: Database | Transaction,
  userId: string,
  nickname: string,
  skeleton: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      sql`(lower(${profiles.nickname}) = lower(${nickname}) or ${profiles.nicknameSkeleton} = ${skeleton})
        and ${profiles.id} <> ${userId}`,
    )
    .limit(1);
  return row !== undefined;
}

/** Advisory locks of this key space are nickname skeletons ('nick'); other users take other spaces. */
const NICKNAME_LOCK_SPACE = 0x6e69636b;

/**
 * Holds the skeleton until the transaction ends, so that of two readers taking look-alike names at
 * once the second checks after the first has written. A lock rather than a unique index: names
 * stored before skeletons were compared may share one, and keep it.
 */
export async function lockNicknameSkeleton(tx: Transaction, skeleton: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NICKNAME_LOCK_SPACE}, hashtext(${skeleton}))`);
}

/** Readers with a nickname but no skeleton yet (named before skeletons), in id order from `afterId`. */
export async function nicknamesWithoutSkeleton(
  db: Database,
  afterId: string | null,
  limit: number,
): Promise<{ id: string; nickname: string }[]> {
  const rows = await db
    .select({ id: profiles.id, nickname: profiles.nickname })
    .from(profiles)
    .where(
      and(
        isNotNull(profiles.nickname),
        isNull(profiles.nicknameSkeleton),
        afterId === null ? undefined : gt(profiles.id, afterId),
      ),
    )
    .orderBy(asc(profiles.id))
    .limit(limit);
  return rows.flatMap(({ id, nickname }) => (nickname === null ? [] : [{ id, nickname }]));
}

/**
 * Stores skeletons computed for the nicknames read; a row whose nickname changed meanwhile got its
 * skeleton with the change and is left alone. Answers how many rows were filled.
 */
export async function fillNicknameSkeletons(
  db: Database,
  filled: { id: string; nickname: string; skeleton: string }[],
): Promise<number> {
  if (filled.length === 0) return 0;
  const values = sql`(values ${sql.join(
    filled.map(({ id, nickname, skeleton }) => sql`(${id}::uuid, ${nickname}, ${skeleton})`),
    sql`, `,
  )}) as computed(id, nickname, skeleton)`;
  const rows = await db
    .update(profiles)
    .set({ nicknameSkeleton: sql`computed.skeleton` })
    .from(values)
    .where(
      and(
        sql`${profiles.id} = computed.id`,
        sql`${profiles.nickname} = computed.nickname`,
        isNull(profiles.nicknameSkeleton),
      ),
    )
    .returning({ id: profiles.id });
  return rows.length;
}

/** Whether an error is the nickname's unique index refusing a name another reader just took. */
export function isNicknameConflict(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null;) {
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
