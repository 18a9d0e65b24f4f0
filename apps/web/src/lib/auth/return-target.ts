/** Spec §2 shared links: after auth the reader returns to the page they were going to. */
export const RETURN_PARAM = 'next';
const STORAGE_KEY = 'summa.returnTo';

/**
 * Only a same-origin relative path is a return target: one leading `/`, never `//` or `/\`
 * (browsers read both as another host), no control characters, and it must resolve to this origin.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  if (decoded.startsWith('//') || decoded.startsWith('/\\')) return null;
  const base = 'https://summa.invalid';
  const url = new URL(value, base);
  if (url.origin !== base) return null;
  if (url.pathname === '/auth' || url.pathname === '/welcome') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Kept for the trips that leave this page: sign-up via /welcome, and Google's round trip. */
export function rememberReturnPath(value: string | null): void {
  const path = safeReturnPath(value);
  try {
    if (path) sessionStorage.setItem(STORAGE_KEY, path);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the reader lands on the default page instead.
  }
}

/** Reads and forgets the remembered target (checked again: storage is not trusted). */
export function takeReturnPath(): string | null {
  try {
    const path = safeReturnPath(sessionStorage.getItem(STORAGE_KEY));
    sessionStorage.removeItem(STORAGE_KEY);
    return path;
  } catch {
    return null;
  }
}

/** `/auth` carrying where the reader was going. */
export function authPathFor(target: string | null): string {
  const path = safeReturnPath(target);
  return path ? `/auth?${RETURN_PARAM}=${encodeURIComponent(path)}` : '/auth';
}
