import type { AddXpResult, MeResponse, Profile, ReaderProgress } from '@summa/shared';

/** A summary id in the UUID form POST /api/xp requires. */
export const XP_SUBJECT_ID = '0b9e7c1a-6f0d-4b8e-9a51-3c2d7e4f8a10';

/** `GET /api/me` for the test session's reader: a Learner with a short streak, no nickname. */
export function testMe(
  overrides: { profile?: Partial<Profile>; progress?: Partial<ReaderProgress> } = {},
): MeResponse {
  return {
    profile: {
      nickname: null,
      avatarPreset: null,
      avatarUrl: null,
      preferredLanguage: 'en',
      timeZone: 'America/Sao_Paulo',
      dailyGoal: 'summary',
      plan: 'free',
      ...overrides.profile,
    },
    progress: {
      xp: 250,
      level: 2,
      streak: { current: 3, longest: 9, freezes: 1, today: true },
      booksRead: 4,
      summariesGenerated: 6,
      achievementsUnlocked: 2,
      today: { goal: 'summary', done: 1, target: 1, met: true },
      ...overrides.progress,
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
