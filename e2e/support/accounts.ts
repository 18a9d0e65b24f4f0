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

/** Where an e2e server answers and where its e-mails land. */
export interface E2eServer {
  origin: string;
  mailDir: string;
}

/** The shared server that global-setup.ts started, as a spec sees it. */
function sharedServer(): E2eServer {
  return { origin: inject('baseURL'), mailDir: inject('mailDir') };
}

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
  server: E2eServer = sharedServer(),
): Promise<Session> {
  const response = await fetch(`${server.origin}/api/auth/signup`, {
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
export async function confirmAddressViaMail(
  email: string,
  server: E2eServer = sharedServer(),
  timeoutMs?: number,
): Promise<void> {
  const mail = await waitForMail(email, '/auth/confirm', timeoutMs, server.mailDir);
  const link = linkIn(mail, '/auth/confirm');
  const response = await fetch(`${server.origin}/api/auth/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': visitorAddress() },
    body: JSON.stringify({ token: link.searchParams.get('token') }),
  });
  if (response.status !== 204)
    throw new Error(`confirm answered ${response.status}: ${await response.text()}`);
}

/**
 * Creates the admin account and confirms its address, which ADMIN_EMAILS turns into the admin
 * role. global-setup.ts does it once, before any spec runs: specs that each created it on first
 * use raced, and one that signed in before the other had confirmed got a reader's session.
 */
export async function createAdminAccount(server: E2eServer): Promise<void> {
  await signUpViaApi(ADMIN_EMAIL, { fullName: 'E2E Admin' }, server);
  // The server is still warming up at this point on a busy machine: its first e-mail may be slow.
  await confirmAddressViaMail(ADMIN_EMAIL, server, 60_000);
}

/** The admin account's session (the account is made by global-setup.ts). */
export async function adminSession(): Promise<Session> {
  return signInViaApi(ADMIN_EMAIL);
}
