import { ERROR_CODES, type ErrorCode } from '@summa/shared';
import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-client';

/** The stable code of a failed call; INTERNAL_ERROR for anything that is not the API's answer. */
export function accountErrorCode(error: unknown): ErrorCode | typeof NETWORK_ERROR {
  if (!(error instanceof ApiError)) return 'INTERNAL_ERROR';
  if (error.code === NETWORK_ERROR) return NETWORK_ERROR;
  return ERROR_CODES.find((code) => code === error.code) ?? 'INTERNAL_ERROR';
}

/**
 * A failure of an Account action in the reader's language: by its code, except a refused field the
 * contract does not name (the server's VALIDATION_ERROR message says which, already translated).
 */
export function accountErrorText(error: unknown, t: TFunction): string {
  const code = accountErrorCode(error);
  if (code === NETWORK_ERROR) return t('settings.account.offline');
  if (code === 'VALIDATION_ERROR' && error instanceof ApiError && error.message) return error.message;
  return t(`errors.${code}`);
}
