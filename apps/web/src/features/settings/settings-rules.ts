import {
  AVATAR_MAX_BYTES,
  DAILY_GOALS,
  ERROR_CODES,
  NICKNAME_REFUSALS,
  nicknameSchema,
  timeZoneSchema,
  type ErrorCode,
  type NicknameRefusal,
} from '@summa/shared';
import { LANGUAGES } from '@summa/shared/languages';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';

/** The image types the server accepts for an avatar (it checks the content too). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export type NicknameProblem = 'tooShort' | 'tooLong' | NicknameRefusal | 'invalid';

const NICKNAME_PROBLEMS = ['tooShort', 'tooLong', ...NICKNAME_REFUSALS] as const;

/**
 * The shared nickname schema's refusal of a nickname as typed (its text key, see `MISTAKES`), or
 * null when it takes it; empty means "no nickname". The character rule comes first there: a few
 * invisible characters are better named than counted.
 */
export function nicknameMistake(value: string): string | null {
  if (value.trim() === '') return null;
  const result = nicknameSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** What is wrong with a nickname as typed, by the shared schema: the last word of its text key. */
export function nicknameProblem(value: string): NicknameProblem | null {
  const mistake = nicknameMistake(value);
  if (mistake === null) return null;
  return NICKNAME_PROBLEMS.find((problem) => mistake === `settings.nickname.${problem}`) ?? 'invalid';
}

export function isTimeZone(value: string): boolean {
  return timeZoneSchema.safeParse(value).success;
}

/**
 * The settings form's fields, checked by the profile contract's own schemas. A nickname may be
 * left empty (no nickname), and one saved before the current rules is kept until it is changed.
 */
export function settingsFormSchema(savedNickname: string | null) {
  return z.object({
    nickname: z.string().check((context) => {
      if (context.value.trim() === (savedNickname ?? '')) return;
      const message = nicknameMistake(context.value);
      if (message) context.issues.push({ code: 'custom', message, input: context.value });
    }),
    language: z.enum(LANGUAGES),
    timeZone: timeZoneSchema,
    dailyGoal: z.enum(DAILY_GOALS),
  });
}

/** Every IANA time zone the browser knows, for the picker's suggestions. */
export function timeZones(): readonly string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** Why an avatar file cannot be sent, checked before uploading; null when it can. */
export function avatarFileProblem(file: Blob): 'tooLarge' | 'badType' | null {
  if (!AVATAR_TYPES.some((type) => type === file.type)) return 'badType';
  if (file.size > AVATAR_MAX_BYTES) return 'tooLarge';
  return null;
}

function errorCode(error: unknown): ErrorCode {
  if (!(error instanceof ApiError)) return 'INTERNAL_ERROR';
  return ERROR_CODES.find((code) => code === error.code) ?? 'INTERNAL_ERROR';
}

/**
 * What is wrong with an avatar: a file refused before it was sent, or the server's refusal by its
 * code. Kept as such rather than in words, so that it reads in the language shown now.
 */
export type AvatarProblem = 'tooLarge' | 'badType' | ErrorCode;

/** An upload's failure as an avatar problem: the size and type refusals are the avatar's own. */
export function avatarProblemOf(error: unknown): AvatarProblem {
  const code = errorCode(error);
  if (code === 'AVATAR_TOO_LARGE' || code === 'PAYLOAD_TOO_LARGE') return 'tooLarge';
  if (code === 'AVATAR_UNSUPPORTED_IMAGE' || code === 'UNSUPPORTED_MEDIA_TYPE') return 'badType';
  return code;
}

/** An avatar problem in words: the size and type refusals say the avatar's own limits. */
export function avatarProblemText(problem: AvatarProblem, t: TFunction): string {
  if (problem === 'tooLarge') return t('settings.avatar.tooLarge', { max: AVATAR_MAX_BYTES / (1024 * 1024) });
  if (problem === 'badType') return t('settings.avatar.badType');
  return t(`errors.${problem}`);
}

/** Any other failure in the reader's language, by its code. */
export function errorText(error: unknown, t: TFunction): string {
  return t(`errors.${errorCode(error)}`);
}
