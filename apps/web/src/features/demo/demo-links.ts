import type { Language } from '@summa/shared/languages';
import { RETURN_PARAM } from '../../lib/auth/return-target';

export type AuthMode = 'signup' | 'login';

/**
 * /auth in the visitor's language, signing up (or in), then back to the demo's summary in the app;
 * before its id is known (the prerendered page, until its island asks), back to /demo.
 */
export function demoAuthPath(language: Language, summaryId: string | undefined, mode: AuthMode): string {
  const next = summaryId ? `/summary/${summaryId}` : `/${language}/demo`;
  const params = new URLSearchParams({ lang: language, [RETURN_PARAM]: next });
  if (mode === 'signup') params.set('mode', 'signup');
  return `/auth?${params.toString()}`;
}
