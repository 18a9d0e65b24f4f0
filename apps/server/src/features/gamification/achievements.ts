import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LEVEL_TIERS } from '@summa/shared';

/** The shipped achievements: the same relative place from src/ and dist/, like the catalogue. */
export const ACHIEVEMENTS_FILE = fileURLToPath(new URL('../../../data/achievements.json', import.meta.url));

/** What an achievement counts; each is a number the server keeps for the reader. */
export const ACHIEVEMENT_COUNTERS = [
  'summaries_generated',
  'books_read',
  'streak',
  'audios',
  'shares',
  'feedbacks',
  'languages',
  'categories',
  'level',
  'reviews',
  'review_streak',
] as const;
export type AchievementCounter = (typeof ACHIEVEMENT_COUNTERS)[number];
export type AchievementCounts = Record<AchievementCounter, number>;

const achievementSchema = z.strictObject({
  key: z.string().regex(/^[a-z0-9_]+$/),
  /** A lucide icon name, drawn by the web app. */
  icon: z.string().regex(/^[a-z0-9-]+$/),
  rule: z.strictObject({ counter: z.enum(ACHIEVEMENT_COUNTERS), target: z.number().int().min(1) }),
  xp: z.number().int().min(0),
});
export type AchievementDefinition = z.infer<typeof achievementSchema>;

const achievementsFileSchema = z
  .array(achievementSchema)
  .min(1)
  .refine((items) => new Set(items.map((item) => item.key)).size === items.length, 'keys must be unique')
  .refine(
    (items) => items.every((item) => item.rule.counter !== 'level' || item.rule.target <= LEVEL_TIERS.length),
    'a level achievement must name an existing level',
  );

/** Reads and checks the achievements file; a malformed file stops the server at start. */
export function loadAchievements(file: string = ACHIEVEMENTS_FILE): AchievementDefinition[] {
  const parsed = achievementsFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a valid achievements file: ${parsed.error.message}`);
  return parsed.data;
}

/** The achievements `counts` satisfy that are not in `unlocked` yet, in file order. */
export function newlyEarned(
  achievements: readonly AchievementDefinition[],
  counts: AchievementCounts,
  unlocked: ReadonlySet<string>,
): AchievementDefinition[] {
  return achievements.filter(
    (achievement) =>
      !unlocked.has(achievement.key) && counts[achievement.rule.counter] >= achievement.rule.target,
  );
}
