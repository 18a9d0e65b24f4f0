import {
  AVATAR_MAX_BYTES,
  ERROR_CODES,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  timeZoneSchema,
  type ErrorCode,
} from '@summa/shared';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';

/** The image types the server accepts for an avatar (it checks the content too). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export type NicknameProblem = 'tooShort' | 'tooLong' | 'invalid';

/** What is wrong with a nickname as typed, if anything; empty means "no nickname". */
export function nicknameProblem(value: string): NicknameProblem | null {
  const nickname = value.trim();
  if (nickname === '') return null;
  if (nickname.length < NICKNAME_MIN_LENGTH) return 'tooShort';
  if (nickname.length > NICKNAME_MAX_LENGTH) return 'tooLong';
  // eslint-disable-next-line no-control-regex -- control characters are what the server refuses
  if (/[\u0000-\u001f\u007f]/.test(nickname)) return 'invalid';
  return null;
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
  if (code === 'PAYLOAD_TOO_LARGE') return t('settings.avatar.tooLarge', { max });
  if (code === 'UNSUPPORTED_MEDIA_TYPE') return t('settings.avatar.badType');
  return t(`errors.${code}`);
}

/** Any other failure in the reader's language, by its code. */
export function errorText(error: unknown, t: TFunction): string {
  return t(`errors.${errorCode(error)}`);
}
