import type { TFunction } from 'i18next';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api-client';

/** Spec §8: the server's message when it sent one, else the translated fallback. */
export function authErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.message) return error.message;
  return t('auth.toast.tryLater');
}

/** Spec §8: a destructive toast alongside the inline text. */
export function toastAuthError(description: string, t: TFunction): void {
  toast.error(t('auth.toast.authError'), { description });
}
