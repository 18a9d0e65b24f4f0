import type { AddXpResult, MeResponse, ReaderProgress } from '@summa/shared';

/** A summary id in the UUID form POST /api/xp requires. */
export const XP_SUBJECT_ID = '0b9e7c1a-6f0d-4b8e-9a51-3c2d7e4f8a10';

/** A signed-in reader's GET /api/me answer: a Beginner with 95 XP and a 3-day streak. */
export function testMe(progress: Partial<ReaderProgress> = {}): MeResponse {
  return {
    profile: {
      nickname: 'bookworm',
      avatarPreset: null,
      avatarUrl: null,
      preferredLanguage: 'en',
      timeZone: 'UTC',
      plan: 'free',
    },
    progress: {
      xp: 95,
      level: 1,
      streak: { current: 3, longest: 5, freezes: 0, today: true },
      booksRead: 2,
      summariesGenerated: 1,
      achievementsUnlocked: 0,
      ...progress,
    },
  };
}

/** A POST /api/xp answer worth `xpAwarded` on top of `before`'s XP, without a level-up unless said. */
export function testAward(
  xpAwarded: number,
  overrides: Partial<AddXpResult> = {},
  before = testMe(),
): AddXpResult {
  const xp = before.progress.xp + xpAwarded + (overrides.levelUpBonus ?? 0);
  return {
    leveled_up: false,
    new_xp: xp,
    new_level: before.progress.level,
    xpAwarded,
    levelUpBonus: 0,
    achievements: [],
    progress: { ...before.progress, xp },
    ...overrides,
  };
}
