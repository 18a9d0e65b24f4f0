/**
 * The XP table (DESIGN.md "Gamification rules"): what each reader event is worth. The server
 * owns the amounts and the once-only rules; a client names only the event and its subject.
 */
export const XP_EVENT_TYPES = ['read_summary', 'audio_generated', 'feedback_given', 'share_summary'] as const;
export type XpEventType = (typeof XP_EVENT_TYPES)[number];

export const XP_BY_EVENT: Readonly<Record<XpEventType, number>> = {
  read_summary: 10,
  audio_generated: 10,
  feedback_given: 5,
  share_summary: 15,
};

/** XP for a review card graded, once per card and day (issue 27). */
export const REVIEW_XP = 2;

/**
 * The daily goals a reader may pick (issue 27); meeting the day's goal keeps the streak. 'summary'
 * (a summary read or generated) is the default: the streak's rule before goals existed.
 */
export const DAILY_GOALS = ['summary', 'listening', 'cards'] as const;
export type DailyGoal = (typeof DAILY_GOALS)[number];
export const DEFAULT_DAILY_GOAL: DailyGoal = 'summary';
/** What each goal asks of a day: summaries, seconds of listening, cards graded. */
export const DAILY_GOAL_TARGETS: Readonly<Record<DailyGoal, number>> = {
  summary: 1,
  listening: 600,
  cards: 20,
};

/** Streak freezes (beyond the spec): one earned per this many days of streak, at most `MAX` held. */
export const STREAK_FREEZE_EVERY_DAYS = 7;
export const STREAK_FREEZES_MAX = 2;

/** Nicknames (shown in the ranking instead of the real name): length bounds, after trimming. */
export const NICKNAME_MIN_LENGTH = 3;
export const NICKNAME_MAX_LENGTH = 20;

/** Avatar uploads: the largest file accepted, and the square size it is re-encoded to. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;

/** Avatar presets shipped with the web app, served as `/avatars/<name>.svg`. */
export const AVATAR_PRESETS = [
  'owl',
  'fox',
  'cat',
  'bear',
  'panda',
  'rabbit',
  'turtle',
  'penguin',
  'lion',
  'koala',
  'whale',
  'hedgehog',
] as const;
export type AvatarPreset = (typeof AVATAR_PRESETS)[number];

/** How many entries the ranking shows above the reader's own position. */
export const RANKING_TOP = 50;
export const RANKING_SCOPES = ['global', 'language', 'weekly'] as const;
export type RankingScope = (typeof RANKING_SCOPES)[number];
