import type { AuthUser, Session } from '@summa/shared';
import type { Language } from '@summa/shared/languages';

/** Where the signed-in session lives in the browser (spec §4: persisted in local storage). */
export const SESSION_STORAGE_KEY = 'summa.auth.session';
/** Sign-up metadata kept until the first sign-in completes (spec §4: pending values). */
export const PENDING_SIGNUP_STORAGE_KEY = 'summa.auth.pending-signup';

/** The whole session object of the API (DESIGN.md "API surface"), as stored. */
export type StoredSession = Session;

export interface PendingSignup {
  language: Language;
  path: string;
  country: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isUser(value: unknown): value is AuthUser {
  return isRecord(value) && typeof value.id === 'string' && typeof value.email === 'string';
}

/** A light shape check: the server validated the session; this guards against stale or edited values. */
export function isStoredSession(value: unknown): value is StoredSession {
  return (
    isRecord(value) &&
    typeof value.access_token === 'string' &&
    typeof value.refresh_token === 'string' &&
    typeof value.expires_at === 'number' &&
    isUser(value.user)
  );
}

export function parseStoredSession(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the session still lives in memory for this tab.
  }
}

export function readStoredSession(): StoredSession | null {
  return parseStoredSession(read(SESSION_STORAGE_KEY));
}

export function writeStoredSession(session: StoredSession): void {
  write(SESSION_STORAGE_KEY, JSON.stringify(session));
}

export function clearStoredSession(): void {
  write(SESSION_STORAGE_KEY, null);
}

export function writePendingSignup(pending: PendingSignup): void {
  write(PENDING_SIGNUP_STORAGE_KEY, JSON.stringify(pending));
}

export function clearPendingSignup(): void {
  write(PENDING_SIGNUP_STORAGE_KEY, null);
}
