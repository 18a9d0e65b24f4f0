import { z } from 'zod';
import { LANGUAGES } from '../languages.js';
import { nicknameSchema } from '../nickname.js';
import { PLAN_TYPES } from '../plans.js';
import { AVATAR_PRESETS, DAILY_GOALS, RANKING_SCOPES, XP_EVENT_TYPES } from '../xp.js';
import { mistake } from './mistake.js';
import { text } from './text.js';

/** The nickname rule lives with the others in nickname.ts; here for the contracts that read it. */
export { nicknameSchema };

/** `POST /api/xp`: the event and its subject (a summary id); the server decides the amount. */
export const xpEventRequestSchema = z
  .object({ eventType: z.enum(XP_EVENT_TYPES), subjectId: z.uuid() })
  .meta({ id: 'XpEventRequest' });
export type XpEventRequest = z.infer<typeof xpEventRequestSchema>;

/** An achievement the reader has just unlocked, to celebrate. */
export const achievementUnlockSchema = z
  .object({ key: text(), icon: text(), xp: z.number().int().min(0) })
  .meta({ id: 'AchievementUnlock' });
export type AchievementUnlock = z.infer<typeof achievementUnlockSchema>;

/** A reader's streak, as it stands today in their time zone. */
export const streakSchema = z
  .object({
    current: z.number().int().min(0),
    longest: z.number().int().min(0),
    /** Streak freezes held (0 to STREAK_FREEZES_MAX); one covers a missed day. */
    freezes: z.number().int().min(0),
    /** Whether today already counts (a read or a generation today). */
    today: z.boolean(),
  })
  .meta({ id: 'Streak' });
export type Streak = z.infer<typeof streakSchema>;

/** The reader's daily goal and how far today has come (the header). */
export const goalProgressSchema = z
  .object({
    goal: z.enum(DAILY_GOALS),
    /** Summaries, seconds of listening or cards graded today, in the reader's time zone. */
    done: z.number().int().min(0),
    target: z.number().int().min(1),
    met: z.boolean(),
  })
  .meta({ id: 'GoalProgress' });
export type GoalProgress = z.infer<typeof goalProgressSchema>;

/** The reader's XP, level and counters (header, profile). */
export const readerProgressSchema = z
  .object({
    xp: z.number().int().min(0),
    /** 1 to 5: the tier of LEVEL_TIERS that `xp` reaches. */
    level: z.number().int().min(1),
    streak: streakSchema,
    booksRead: z.number().int().min(0),
    summariesGenerated: z.number().int().min(0),
    achievementsUnlocked: z.number().int().min(0),
    today: goalProgressSchema,
  })
  .meta({ id: 'ReaderProgress' });
export type ReaderProgress = z.infer<typeof readerProgressSchema>;

/**
 * `POST /api/xp` answer: the spec's add_xp result (leveled_up, new_xp, new_level) plus what this
 * call awarded: the event's XP (0 when it had been awarded before), the level-up bonus, the
 * achievements unlocked (with those unlocked elsewhere, e.g. by a generation, not yet shown).
 */
export const addXpResultSchema = z
  .object({
    leveled_up: z.boolean(),
    new_xp: z.number().int().min(0),
    new_level: z.number().int().min(1),
    xpAwarded: z.number().int().min(0),
    levelUpBonus: z.number().int().min(0),
    achievements: z.array(achievementUnlockSchema),
    progress: readerProgressSchema,
  })
  .meta({ id: 'AddXpResult' });
export type AddXpResult = z.infer<typeof addXpResultSchema>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name the runtime knows, e.g. America/Sao_Paulo. */
export const timeZoneSchema = text()
  .min(1, mistake('settings.timeZone.invalid'))
  .max(64, mistake('settings.timeZone.invalid'))
  .refine(isTimeZone, mistake('settings.timeZone.invalid'));

export const avatarPresetSchema = z.enum(AVATAR_PRESETS);

/** The reader's public profile and settings. */
export const profileSchema = z
  .object({
    nickname: text().nullable(),
    /** A preset's name when the avatar is a preset. */
    avatarPreset: avatarPresetSchema.nullable(),
    /** Where to load the avatar from: a preset's image or the uploaded one (signed, expiring). */
    avatarUrl: text().nullable(),
    preferredLanguage: z.enum(LANGUAGES),
    /** Null until the browser has sent it; streak days are counted in UTC meanwhile. */
    timeZone: text().nullable(),
    /** What a day asks to keep the streak (issue 27). */
    dailyGoal: z.enum(DAILY_GOALS),
    plan: z.enum(PLAN_TYPES),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

/** `GET /api/me`: who the reader is and how far they have come. */
export const meResponseSchema = z
  .object({ profile: profileSchema, progress: readerProgressSchema })
  .meta({ id: 'MeResponse' });
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * `PATCH /api/me/profile`: only the fields sent change; a null nickname or avatar removes it.
 * Anything else (a forged plan or role) is ignored.
 */
export const profileUpdateSchema = z
  .object({
    nickname: nicknameSchema.nullable().optional(),
    avatarPreset: avatarPresetSchema.nullable().optional(),
    preferredLanguage: z.enum(LANGUAGES).optional(),
    timeZone: timeZoneSchema.optional(),
    dailyGoal: z.enum(DAILY_GOALS).optional(),
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const profileResponseSchema = z.object({ profile: profileSchema }).meta({ id: 'ProfileResponse' });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const rankingQuerySchema = z.object({
  scope: z.enum(RANKING_SCOPES).default('global'),
  /** The language scope's language; the reader's interface language when absent. */
  lang: z.enum(LANGUAGES).optional(),
});
export type RankingQuery = z.input<typeof rankingQuerySchema>;

/** One reader in a ranking: never their name or e-mail, only the nickname they chose. */
export const rankingEntrySchema = z
  .object({
    /** Readers with the same XP share a rank (1 + readers with more XP). */
    rank: z.number().int().min(1),
    xp: z.number().int().min(0),
    level: z.number().int().min(1),
    summariesCount: z.number().int().min(0),
    nickname: text().nullable(),
    /** Shown as the anonymous label when there is no nickname, e.g. 'Leitor #4F2A'. */
    anonymousCode: text(),
    avatarUrl: text().nullable(),
    isMe: z.boolean(),
  })
  .meta({ id: 'RankingEntry' });
export type RankingEntry = z.infer<typeof rankingEntrySchema>;

export const rankingResponseSchema = z
  .object({
    scope: z.enum(RANKING_SCOPES),
    /** The language of the language scope, null otherwise. */
    language: z.enum(LANGUAGES).nullable(),
    /** Start of the weekly scope's week (Monday 00:00 UTC, ISO 8601), null otherwise. */
    since: text().nullable(),
    entries: z.array(rankingEntrySchema),
    /**
     * The reader's own position, also when outside the top entries; null on the board of a
     * language that is not the reader's.
     */
    me: rankingEntrySchema.nullable(),
  })
  .meta({ id: 'RankingResponse' });
export type RankingResponse = z.infer<typeof rankingResponseSchema>;

export const achievementSchema = z
  .object({
    key: text(),
    icon: text(),
    xp: z.number().int().min(0),
    /** ISO 8601 when unlocked, null while locked. */
    unlockedAt: text().nullable(),
    /** Toward the achievement's target (current is capped at target). */
    current: z.number().int().min(0),
    target: z.number().int().min(1),
  })
  .meta({ id: 'Achievement' });
export type Achievement = z.infer<typeof achievementSchema>;

export const achievementsResponseSchema = z
  .object({ achievements: z.array(achievementSchema) })
  .meta({ id: 'AchievementsResponse' });
export type AchievementsResponse = z.infer<typeof achievementsResponseSchema>;
