import { randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { Session, SignupRequest } from '@summa/shared';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../app.js';
import { mailOutbox, usageCounters } from '../db/schema/index.js';
import { monthKeyOf } from '../features/usage/usage.service.js';

/**
 * A fresh client address for each call: per-IP rate limits then count only what a test means
 * them to count, even in the Redis store that all test files share.
 */
export function uniqueIp(): string {
  const groups = randomBytes(8).toString('hex').match(/.{4}/g) ?? [];
  return `2001:db8::${groups.join(':')}`;
}

export function uniqueEmail(prefix = 'reader'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export function bearer(session: Pick<Session, 'access_token'> | string): Record<string, string> {
  const token = typeof session === 'string' ? session : session.access_token;
  return { authorization: `Bearer ${token}` };
}

export interface TestUser {
  email: string;
  password: string;
  session: Session;
}

/** Signs up a user through the API and answers the session (for any feature's tests). */
export async function signUpTestUser(app: App, overrides: Partial<SignupRequest> = {}): Promise<TestUser> {
  const body: SignupRequest = {
    email: uniqueEmail(),
    password: 'correct horse',
    full_name: 'Test Reader',
    signup_language: 'pt',
    ...overrides,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: body,
    remoteAddress: uniqueIp(),
  } satisfies InjectOptions);
  if (response.statusCode !== 201) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  return { email: body.email.toLowerCase(), password: body.password, session: response.json<Session>() };
}

/** Deletes `user`'s account as they do from Settings (with their password), checking that it went. */
export async function deleteTestUser(app: App, user: TestUser): Promise<void> {
  const deleted = await app.inject({
    method: 'DELETE',
    url: '/api/me',
    headers: bearer(user.session),
    payload: { password: user.password },
  });
  expect(deleted.statusCode, deleted.body).toBe(204);
}

/**
 * The account is no longer `user`'s (its address was proven by someone else): their session, their
 * refresh token and their password are all refused.
 */
export async function expectSignedOutForGood(app: App, user: TestUser): Promise<void> {
  const now = await app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(user.session) });
  expect(now.statusCode).toBe(401);
  const refresh = await app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh_token: user.session.refresh_token },
    remoteAddress: uniqueIp(),
  });
  expect(refresh.statusCode).toBe(401);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: uniqueIp(),
  });
  expect(login.statusCode).toBe(401);
}

/**
 * The token of the newest link to `path` (e.g. /auth/confirm) mailed to `email` through the
 * outbox; mail goes out in the background, so this waits for it.
 */
export async function mailedToken(app: App, email: string, path: string, timeoutMs = 5_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await app.db
      .select({ body: mailOutbox.body })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email))
      .orderBy(desc(mailOutbox.createdAt));
    for (const { body } of rows) {
      const url = [...body.matchAll(/https?:\/\/\S+/g)]
        .map((match) => new URL(match[0]))
        .find((candidate) => candidate.pathname === path);
      const token = url?.searchParams.get('token');
      if (token) return token;
    }
    if (Date.now() > deadline) throw new Error(`no ${path} link mailed to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Opens the confirmation link mailed at sign-up, as the address's owner would. */
export async function confirmTestUser(app: App, email: string): Promise<void> {
  const token = await mailedToken(app, email, '/auth/confirm');
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/confirm',
    payload: { token },
    remoteAddress: uniqueIp(),
  });
  if (response.statusCode !== 204) throw new Error(`confirm failed: ${response.statusCode} ${response.body}`);
}

/**
 * Signs up an account whose address ADMIN_EMAILS lists and confirms it, so that it is an admin;
 * the session's user is read again to show the role.
 */
export async function signUpTestAdmin(app: App, overrides: Partial<SignupRequest> = {}): Promise<TestUser> {
  const signed = await signUpTestUser(app, overrides);
  await confirmTestUser(app, signed.email);
  const response = await app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: bearer(signed.session),
  });
  const { user } = response.json<{ user: Session['user'] }>();
  if (user.role !== 'admin')
    throw new Error(`${signed.email} is not an admin once confirmed: is it in ADMIN_EMAILS?`);
  return { ...signed, session: { ...signed.session, user } };
}

/** Signs up a reader who has already used this much of this month's plan (any feature's tests). */
export async function signUpReaderWhoUsed(
  app: App,
  used: { summariesUsed?: number; audiosUsed?: number },
): Promise<TestUser> {
  const user = await signUpTestUser(app);
  await app.db
    .insert(usageCounters)
    .values({ userId: user.session.user.id, monthKey: monthKeyOf(new Date()), ...used });
  return user;
}

/** Signs a new reader up over HTTP at `url` (a server started as a process); their session. */
export async function signUpOver(url: string, label = 'process'): Promise<Session> {
  const response = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: uniqueEmail(label),
      password: 'correct horse',
      full_name: 'Process Reader',
      signup_language: 'en',
    }),
  });
  if (response.status !== 201)
    throw new Error(`signup answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Session;
}
