import { ERROR_CODES, mistakeOf, type ErrorCode } from '@summa/shared';
import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * What to show for a field's error, in the reader's language. A refusal of the shared contract
 * (through the zod resolver) carries its text key as its message (`MISTAKES`): the same text the
 * server answers for it. A server's answer about the field (`setError(field, { type: code })`)
 * reads as its error code's text. Anything else is the general VALIDATION_ERROR text, as the
 * server words a refusal its contract does not name.
 */
export function fieldErrorText(t: TFunction, error: FieldError | undefined): string | null {
  if (!error) return null;
  const code = ERROR_CODES.find((known) => known === error.type);
  if (code) return t(`errors.${code}`);
  const named = mistakeOf(error.message);
  return named ? t(named.key, named.values) : t('errors.VALIDATION_ERROR');
}

/**
 * The field a server's refusal is about, for the codes a form maps to its fields (EMAIL_TAKEN →
 * email): set it with `setError(field, { type: code })`. Null for any other failure.
 */
export function serverFieldError<Field extends string>(
  error: unknown,
  fields: Partial<Record<ErrorCode, Field>>,
): { field: Field; code: ErrorCode } | null {
  if (!(error instanceof ApiError)) return null;
  const code = ERROR_CODES.find((known) => known === error.code);
  const field = code ? fields[code] : undefined;
  return code && field ? { field, code } : null;
}
