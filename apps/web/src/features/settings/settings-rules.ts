import {
  AVATAR_MAX_BYTES,
  ERROR_CODES,
  nicknameRefusal,
  nicknameSchema,
  normalizeNickname,
  timeZoneSchema,
  type ErrorCode,
  type NicknameRefusal,
} from '@summa/shared';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';

/** The image types the server accepts for an avatar (it checks the content too). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export type NicknameProblem = 'tooShort' | 'tooLong' | NicknameRefusal | 'invalid';

/**
 * What is wrong with a nickname as typed, by the contract's own rules; empty means "no nickname".
 * The character rule comes first: a few invisible characters are better named than counted.
 */
export function nicknameProblem(value: string): NicknameProblem | null {
  if (value.trim() === '') return null;
  const refusal = nicknameRefusal(normalizeNickname(value));
  if (refusal) return refusal;
  const result = nicknameSchema.safeParse(value);
  if (result.success) return null;
  const code = result.error.issues[0]?.code;
  if (code === 'too_small') return 'tooShort';
  if (code === 'too_big') return 'tooLong';
  return 'invalid';
}

export function isTimeZone(value: string): boolean {
  return timeZoneSchema.safeParse(value).success;
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

/** An upload's refusal in words: the size and type refusals say the avatar's own limits. */
export function avatarErrorText(error: unknown, t: TFunction): string {
  const code = errorCode(error);
  const max = AVATAR_MAX_BYTES / (1024 * 1024);
  if (code === 'AVATAR_TOO_LARGE' || code === 'PAYLOAD_TOO_LARGE')
    return t('settings.avatar.tooLarge', { max });
  if (code === 'AVATAR_UNSUPPORTED_IMAGE' || code === 'UNSUPPORTED_MEDIA_TYPE')
    return t('settings.avatar.badType');
  return t(`errors.${code}`);
}

/** Any other failure in the reader's language, by its code. */
export function errorText(error: unknown, t: TFunction): string {
  return t(`errors.${errorCode(error)}`);
}
