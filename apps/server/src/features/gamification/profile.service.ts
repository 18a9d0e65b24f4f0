import type { FastifyBaseLogger } from 'fastify';
import {
  AVATAR_PRESETS,
  normalizeNickname,
  type AvatarPreset,
  type PlanType,
  type Profile,
  type ProfileUpdate,
} from '@summa/shared';
import { batchedReads } from '../../db/batched-reads.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { ReaderPlan } from '../../ports/reader-plan.js';
import { newObjectKey } from '../../providers/storage/object-key.js';
import { SIGNED_URL_SECONDS, type ObjectStorage } from '../../providers/storage/object-storage.js';
import { normalizeAvatar } from './avatar-image.js';
import { nicknameSkeleton } from './nickname-skeleton.js';
import {
  fillNicknameSkeletons,
  findProfile,
  findProfilesAndProgress,
  isNicknameConflict,
  lockNicknameSkeleton,
  lockProfile,
  nicknamesWithoutSkeleton,
  nicknameTaken,
  updateProfileRow,
  type ProfileAndProgress,
  type ProfileChanges,
  type ProfileRow,
} from './profile.repository.js';
import { lockProgressRow, saveProgress } from './progress.repository.js';
import { languageChanges, rankShard } from './rank-counts.js';

export interface ProfileDeps {
  db: Database;
  storage: ObjectStorage;
  plan: ReaderPlan;
  log: FastifyBaseLogger;
  /** Told after a reader's profile changed (the rankings forget their cached standing). */
  onChange?: (userId: string) => void;
}

/** Nicknames given their skeleton per statement at start-up. */
const SKELETON_FILL_BATCH = 500;

const isPreset = (value: string | null): value is AvatarPreset =>
  value !== null && (AVATAR_PRESETS as readonly string[]).includes(value);

/** The reader's public profile and settings: nickname, avatar, interface language, time zone. */
export class ProfileService {
  /** GET /api/me's reads, one statement per event-loop turn. */
  private readonly profileAndProgress: (userId: string) => Promise<ProfileAndProgress | undefined>;

  constructor(private readonly deps: ProfileDeps) {
    this.profileAndProgress = batchedReads((userIds) => findProfilesAndProgress(deps.db, userIds));
  }

  async get(userId: string): Promise<Profile> {
    const row = await findProfile(this.deps.db, userId);
    if (!row) throw new AppError('NOT_FOUND', 404);
    return this.view(row, await this.deps.plan.planOf(userId));
  }

  /** GET /api/me's profile, with what the reader's progress view needs, read together. */
  async withProgress(
    userId: string,
  ): Promise<{ profile: Profile; progress: Omit<ProfileAndProgress, 'profile' | 'plan'> }> {
    const found = await this.profileAndProgress(userId);
    if (!found) throw new AppError('NOT_FOUND', 404);
    const { profile, plan, ...progress } = found;
    return { profile: await this.view(profile, plan), progress };
  }

  /** Where an avatar is loaded from: the uploaded one (signed, expiring) or the preset's image. */
  async avatarUrl(row: Pick<ProfileRow, 'avatarKey' | 'avatarPreset'>): Promise<string | null> {
    if (row.avatarKey) {
      return this.deps.storage.signedUrl(row.avatarKey, { expiresInSeconds: SIGNED_URL_SECONDS });
    }
    return isPreset(row.avatarPreset) ? `/avatars/${row.avatarPreset}.svg` : null;
  }

  /**
   * Fills the skeletons of nicknames stored before skeletons were compared, so that no new
   * nickname can look like one of them; a few hundred rows at a time. Answers how many were filled.
   */
  async fillNicknameSkeletons(): Promise<number> {
    let filled = 0;
    let afterId: string | null = null;
    for (;;) {
      const rows = await nicknamesWithoutSkeleton(this.deps.db, afterId, SKELETON_FILL_BATCH);
      const last = rows.at(-1);
      if (!last) return filled;
      filled += await fillNicknameSkeletons(
        this.deps.db,
        rows.map((row) => ({ ...row, skeleton: nicknameSkeleton(row.nickname) })),
      );
      afterId = last.id;
    }
  }

  /**
   * Changes the fields given. A nickname another reader has (whatever its case), or one that looks
   * like it (the same skeleton), is refused with 409; a new interface language moves the reader to
   * that language's ranking in the same transaction. Choosing a preset replaces an uploaded avatar.
   */
  async update(userId: string, update: ProfileUpdate): Promise<Profile> {
    let replacedKey: string | null = null;
    try {
      await this.deps.db.transaction(async (tx) => {
        const current = await lockProfile(tx, userId);
        if (!current) throw new AppError('NOT_FOUND', 404);
        const changes: ProfileChanges = {};
        if (update.nickname !== undefined) {
          const nickname = update.nickname === null ? '' : normalizeNickname(update.nickname);
          const skeleton = nickname ? nicknameSkeleton(nickname) : null;
          if (skeleton) {
            await lockNicknameSkeleton(tx, skeleton);
            if (await nicknameTaken(tx, userId, nickname, skeleton))
              throw new AppError('NICKNAME_TAKEN', 409);
          }
          changes.nickname = nickname || null;
          changes.nicknameSkeleton = skeleton;
        }
        if (update.avatarPreset !== undefined) {
          changes.avatarPreset = update.avatarPreset;
          changes.avatarKey = null;
          replacedKey = current.avatarKey;
        }
        if (update.timeZone !== undefined) changes.timeZone = update.timeZone;
        if (update.dailyGoal !== undefined) changes.dailyGoal = update.dailyGoal;
        if (
          update.preferredLanguage !== undefined &&
          update.preferredLanguage !== current.preferredLanguage
        ) {
          changes.preferredLanguage = update.preferredLanguage;
          const progress = await lockProgressRow(tx, userId);
          if (progress) {
            await saveProgress(
              tx,
              userId,
              { ...progress, language: update.preferredLanguage },
              {
                shard: rankShard(userId),
                changes: languageChanges(progress.xp, progress.language, update.preferredLanguage),
              },
            );
          }
        }
        await updateProfileRow(tx, userId, changes);
      });
    } catch (error) {
      // Two readers taking one nickname at once: the unique index refuses the second.
      if (isNicknameConflict(error)) throw new AppError('NICKNAME_TAKEN', 409);
      throw error;
    }
    this.deps.onChange?.(userId);
    await this.removeStored(replacedKey);
    return this.get(userId);
  }

  /**
   * Stores an uploaded avatar: recognised by its content (PNG, JPEG or WebP, else 415),
   * re-encoded to a 256×256 WebP without metadata, stored before the profile points at it.
   */
  async setAvatar(userId: string, upload: Buffer): Promise<Profile> {
    const image = await normalizeAvatar(upload);
    const key = newObjectKey('avatars', 'webp');
    await this.deps.storage.put(key, image, { contentType: 'image/webp' });
    let replacedKey: string | null = null;
    try {
      await this.deps.db.transaction(async (tx) => {
        const current = await lockProfile(tx, userId);
        if (!current) throw new AppError('NOT_FOUND', 404);
        replacedKey = current.avatarKey;
        await updateProfileRow(tx, userId, { avatarKey: key, avatarPreset: null });
      });
    } catch (error) {
      await this.removeStored(key);
      throw error;
    }
    this.deps.onChange?.(userId);
    await this.removeStored(replacedKey);
    return this.get(userId);
  }

  private async view(row: ProfileRow, plan: PlanType): Promise<Profile> {
    return {
      nickname: row.nickname,
      avatarPreset: isPreset(row.avatarPreset) ? row.avatarPreset : null,
      avatarUrl: await this.avatarUrl(row),
      preferredLanguage: row.preferredLanguage,
      timeZone: row.timeZone,
      dailyGoal: row.dailyGoal,
      plan,
    };
  }

  /** A replaced avatar's file; should removing it fail, only a file is left behind. */
  private async removeStored(key: string | null): Promise<void> {
    if (!key) return;
    await this.deps.storage.delete(key).catch((error: unknown) => {
      this.deps.log.warn({ err: error, key }, 'could not remove a replaced avatar');
    });
  }
}
