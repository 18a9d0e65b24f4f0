import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isLanguage } from '@summa/shared/languages';
import { authClient } from '../lib/auth/auth-client';
import { GOOGLE_CODE_PARAM } from '@summa/shared/auth';
import { setLanguage } from '../lib/i18n';
import type { SummaryPreview } from '@summa/shared';
import { authPathFor, RETURN_PARAM, safeReturnPath } from '../lib/auth/return-target';

/** Spec §4 Home and §9: without a session, wait about 400 ms and check again before leaving. */
export const SESSION_RETRY_DELAY_MS = 400;

/** To /auth, carrying the page the visitor was opening (shared links, spec §2). */
const toAuth = (args?: Pick<LoaderFunctionArgs, 'request'>) => {
  if (!args) return redirect('/auth');
  const url = new URL(args.request.url);
  return redirect(authPathFor(`${url.pathname}${url.search}`));
};

/** Every signed-in screen: visitors go to /auth. */
export async function requireSession(args?: Pick<LoaderFunctionArgs, 'request'>): Promise<Response | null> {
  return (await authClient.getSession()) ? null : toAuth(args);
}

/** /summary/:id: the reader's summary, or a visitor's preview of it (issue 24). */
export interface SummaryEntry {
  preview: SummaryPreview | null;
}

/**
 * /summary/:id: a reader reads it; a visitor opening a shared link sees its preview with a
 * sign-up that comes back here; an id that names no summary sends a visitor to /auth as before.
 */
export async function summaryEntry(args: LoaderFunctionArgs): Promise<Response | SummaryEntry> {
  if (await authClient.getSession()) return { preview: null };
  const id = args.params.id;
  // Loaded here only: the app's first download stays as it was for everyone else.
  const { fetchSummaryPreview } = await import('../features/summary/summary-api');
  const preview = id ? await fetchSummaryPreview(id).catch(() => null) : null;
  return preview ? { preview } : toAuth(args);
}

/** /home: a session may still be arriving (a sign-in finishing in this or another tab). */
export async function requireSessionAfterRetry(
  args?: Pick<LoaderFunctionArgs, 'request'>,
): Promise<Response | null> {
  if (await authClient.getSession()) return null;
  await new Promise((resolve) => setTimeout(resolve, SESSION_RETRY_DELAY_MS));
  return (await authClient.getSession()) ? null : toAuth(args);
}

/** /welcome: signed in, or back from Google with a one-time code to exchange for a session. */
export async function requireSessionOrGoogleCode(): Promise<Response | null> {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  if (fragment.has(GOOGLE_CODE_PARAM)) return null;
  return requireSession();
}

export interface AdminAccess {
  allowed: boolean;
}

/** /admin, /populate-books, /curation/people: the server's word on the role decides. */
export async function requireAdmin(
  args?: Pick<LoaderFunctionArgs, 'request'>,
): Promise<AdminAccess | Response> {
  if (!(await authClient.getSession())) return toAuth(args);
  let role: string | undefined;
  try {
    role = (await authClient.getUser())?.role;
  } catch {
    // The server could not say: no admin screen without its word.
    return { allowed: false };
  }
  if (role === undefined) return toAuth();
  return { allowed: role === 'admin' };
}

/** /auth: ?lang=xx picks the language; a signed-in user goes on to /home (spec §2). */
export async function authEntry({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const params = new URL(request.url).searchParams;
  const lang = params.get('lang');
  if (isLanguage(lang)) setLanguage(lang);
  return (await authClient.getSession())
    ? redirect(safeReturnPath(params.get(RETURN_PARAM)) ?? '/home')
    : null;
}
