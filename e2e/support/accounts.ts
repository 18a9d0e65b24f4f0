import { randomInt, randomUUID } from 'node:crypto';
import type { Session } from '@summa/shared';
import type { Language } from '@summa/shared/languages';
import { inject } from 'vitest';
import { linkIn, waitForMail } from './mailbox.js';

/** Accounts with this e-mail get the admin role on the server under test (global-setup.ts). */
export const ADMIN_EMAIL = 'admin@e2e.test';
/** Where the shared e2e server mails the contact page's messages (CONTACT_TO). */
export const CONTACT_TO = 'team@e2e.test';
/** The shared e2e server's AMAZON_ASSOCIATE_TAG. */
export const AMAZON_TAG = 'summa-e2e-20';
/** The web app's localStorage key of the session. */
export { SESSION_STORAGE_KEY } from '../../apps/web/src/lib/auth/session-storage.js';
export const PASSWORD = 'e2e-secret-1';

/** A fresh address per test, so that specs never share an account by accident. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@e2e.test`;
}

/**
 * A visitor's own address for X-Forwarded-For (198.18.0.0/15 is reserved for testing): the server
 * under test trusts the header from loopback, so rate limits count per visitor, as in production.
 */
export function visitorAddress(): string {
  return `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** Creates an account through the API, as the sign-up form would, and returns its session. */
export async function signUpViaApi(
  email: string,
  options: { fullName?: string; language?: Language } = {},
): Promise<Session> {
  const response = await fetch(`${inject('baseURL')}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': visitorAddress() },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      full_name: options.fullName ?? 'E2E Reader',
      signup_language: options.language ?? 'pt',
      signup_path: '/auth',
    }),
  });
  if (response.status !== 201)
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Session;
}

/** Signs in through the API and returns the session. */
export async function signInViaApi(email: string, password = PASSWORD): Promise<Session> {
  const response = await fetch(`${inject('baseURL')}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': visitorAddress() },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Session;
}

/** Opens the confirmation link mailed to `email` at sign-up, as its owner would. */
export async function confirmAddressViaMail(email: string): Promise<void> {
  const link = linkIn(await waitForMail(email, '/auth/confirm'), '/auth/confirm');
  const response = await fetch(`${inject('baseURL')}/api/auth/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': visitorAddress() },
    body: JSON.stringify({ token: link.searchParams.get('token') }),
  });
  if (response.status !== 204)
    throw new Error(`confirm answered ${response.status}: ${await response.text()}`);
}

/**
 * The admin account's session, creating the account on first use: ADMIN_EMAILS makes it admin
 * once its address is confirmed.
 */
export async function adminSession(): Promise<Session> {
  try {
    return await signInViaApi(ADMIN_EMAIL);
  } catch {
    await signUpViaApi(ADMIN_EMAIL, { fullName: 'E2E Admin' });
    await confirmAddressViaMail(ADMIN_EMAIL);
    return signInViaApi(ADMIN_EMAIL);
  }
}
