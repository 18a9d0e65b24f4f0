import { eq, sql } from 'drizzle-orm';
import type { Language } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { profiles } from '../../db/schema/index.js';
import type { Transaction } from './progress.repository.js';

export type ProfileRow = Pick<
  typeof profiles.$inferSelect,
  'nickname' | 'avatarPreset' | 'avatarKey' | 'preferredLanguage' | 'timeZone'
>;

const PROFILE_COLUMNS = {
  nickname: profiles.nickname,
  avatarPreset: profiles.avatarPreset,
  avatarKey: profiles.avatarKey,
  preferredLanguage: profiles.preferredLanguage,
  timeZone: profiles.timeZone,
};

export async function findProfile(
  db: Database | Transaction,
  userId: string,
): Promise<ProfileRow | undefined> {
  const [row] = await db.select(PROFILE_COLUMNS).from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row;
}

/** Locks the reader's profile row until the transaction ends (a language or avatar change). */
export async function lockProfile(tx: Transaction, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await tx.select(PROFILE_COLUMNS).from(profiles).where(eq(profiles.id, userId)).for('update');
  return row;
}

export interface ProfileChanges {
  nickname?: string | null;
  avatarPreset?: string | null;
  avatarKey?: string | null;
  preferredLanguage?: Language;
  timeZone?: string;
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

/** Whether another reader has this nickname, whatever its case. */
export async function nicknameTaken(
  db: Database | Transaction,
  userId: string,
  nickname: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.nickname}) = lower(${nickname}) and ${profiles.id} <> ${userId}`)
    .limit(1);
  return row !== undefined;
}

/** Whether an error is the nickname's unique index refusing a name another reader just took. */
export function isNicknameConflict(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null;) {
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
