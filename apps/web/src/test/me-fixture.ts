import type { MeResponse, Profile, ReaderProgress } from '@summa/shared';

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
      ...overrides.progress,
    },
  };
}
