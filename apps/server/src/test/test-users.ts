import { randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { Session, SignupRequest } from '@summa/shared';
import type { App } from '../app.js';

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
