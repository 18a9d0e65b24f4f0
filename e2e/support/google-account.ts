import { createHash } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { uniqueEmail } from './accounts.js';

/** A Google account, as the local stand-in for Google (support/oidc-server.ts) describes it. */
export interface GoogleAccount {
  email: string;
  name: string;
  /** The id_token's email_verified claim: the server signs in only with a verified address. */
  emailVerified: boolean;
  /** The visitor cancels at Google's consent screen, so Google sends them back with access_denied. */
  cancels?: boolean;
}

/**
 * The cookie that signs a browser in to the stand-in for Google, as Google's own cookies do: its
 * authorize endpoint reads it and issues the authorization code for that account. Every browser
 * context has its own cookies, so specs running in parallel never see each other's accounts.
 */
export const GOOGLE_ACCOUNT_COOKIE = 'e2e_google_account';
/**
 * Cookies tell hosts apart but not ports: this path keeps the cookie to the authorize endpoint,
 * away from the server under test on the same 127.0.0.1.
 */
export const GOOGLE_ACCOUNT_COOKIE_PATH = '/authorize';

export function encodeGoogleAccount(account: GoogleAccount): string {
  return Buffer.from(JSON.stringify(account)).toString('base64url');
}

/** The account in a cookie value, or undefined when the value is not one. */
export function decodeGoogleAccount(value: string): GoogleAccount | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { email, name, emailVerified, cancels } = parsed as Record<string, unknown>;
  if (typeof email !== 'string' || typeof name !== 'string' || typeof emailVerified !== 'boolean')
    return undefined;
  return { email, name, emailVerified, cancels: cancels === true };
}

/** The sub claim: a number, as Google's, one per address here. */
export function googleSubject(account: GoogleAccount): string {
  const digest = createHash('sha256').update(account.email.toLowerCase()).digest();
  return digest.readBigUInt64BE().toString();
}

/** A verified Google account with a fresh address, so that tests never share an account by accident. */
export function newGoogleAccount(label: string, overrides: Partial<GoogleAccount> = {}): GoogleAccount {
  return { email: uniqueEmail(label), name: 'Gabriela Google', emailVerified: true, ...overrides };
}

/**
 * Signs the browser context in to (the stand-in for) Google as `account`: from now on a Google
 * sign-in in any page of the context comes back as that account, or as a cancellation.
 */
export async function signInToGoogle(context: BrowserContext, account: GoogleAccount): Promise<void> {
  await context.addCookies([
    {
      name: GOOGLE_ACCOUNT_COOKIE,
      value: encodeGoogleAccount(account),
      domain: new URL(inject('googleIssuer')).hostname,
      path: GOOGLE_ACCOUNT_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
}
