import { currentLanguage } from '../i18n';
import type { PendingSignup } from './session-storage';

/** What the contract accepts as signup_path (packages/shared/src/contracts/auth.ts). */
const PATH = /^\/[\w\-./]{0,199}$/;
const COUNTRY = /^[A-Za-z]{2}$/;

/** The region a language tag states (pt-BR gives BR); none is guessed for a bare pt. */
function explicitRegion(tag: string): string | undefined {
  try {
    const region = new Intl.Locale(tag).region;
    return region && COUNTRY.test(region) ? region.toUpperCase() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Best-effort country: the region the browser states in its languages (pt-BR gives BR), else the
 * region of the formatting locale; empty when nothing says.
 */
export function guessCountry(): string {
  const tags = [...navigator.languages, navigator.language].filter(Boolean);
  for (const tag of tags) {
    const region = explicitRegion(tag);
    if (region) return region;
  }
  return explicitRegion(Intl.DateTimeFormat().resolvedOptions().locale) ?? '';
}

/** Spec §3 sign-up metadata: the interface language, the page's path and the country. */
export function signupMetadata(pathname: string): PendingSignup {
  return {
    language: currentLanguage(),
    path: PATH.test(pathname) ? pathname : '',
    country: guessCountry(),
  };
}
