/**
 * Who the fuzz suite sends requests as: a reader and an admin signed up through the API, and
 * tokens a forger would try (expired, signed with another key, unsigned, tampered, for an
 * unknown session). Requests name their caller symbolically, so a session the fuzz itself ends
 * (a logout, a spent refresh token) is replaced before the next request uses it.
 */
import { randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { sessionSchema, type Session } from '@summa/shared';
import type { App } from '../app.js';
import { bearer, signUpTestAdmin, signUpTestUser, uniqueIp, type TestUser } from './test-users.js';

/** The signing key the fuzz app is configured with, so the suite can forge tokens the server would check. */
export const FUZZ_JWT_SECRET = 'fuzz-suite-signing-key-0123456789abcdef';
/** Enough admin addresses for every admin session the fuzz may end and replace. */
export const FUZZ_ADMIN_EMAILS = Array.from({ length: 50 }, (_, n) => `fuzz-admin-${n}@example.com`);

/** Placeholders a generated body may carry, replaced by the current actor's values when sent. */
export const PLACEHOLDERS = {
  userEmail: '@@USER_EMAIL@@',
  userPassword: '@@USER_PASSWORD@@',
  userRefresh: '@@USER_REFRESH@@',
} as const;

export type Caller = 'none' | 'user' | 'admin' | { forged: string };

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function signed(claims: Record<string, unknown>, secret: string, alg = 'HS256', expiresAt?: number) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setIssuedAt(now - 7_200)
    .setExpirationTime(expiresAt ?? now + 3_600)
    .sign(new TextEncoder().encode(secret));
}

/** Authorization headers a forger would try, built from a real session of the reader. */
async function forgedAuthorizations(session: Session): Promise<string[]> {
  const token = session.access_token;
  const claims = decodeJwt(token);
  const real = { sub: claims.sub, session_id: claims.session_id, iss: claims.iss, aud: claims.aud };
  const now = Math.floor(Date.now() / 1000);
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
  const tokens = [
    await signed(real, FUZZ_JWT_SECRET, 'HS256', now - 60), // expired
    await signed(real, 'another-server-signing-key-0123456789abcdef'), // foreign key
    await signed(real, FUZZ_JWT_SECRET, 'HS512'), // right key, other algorithm
    await signed({ ...real, aud: 'someone-else' }, FUZZ_JWT_SECRET),
    await signed({ ...real, iss: 'evil' }, FUZZ_JWT_SECRET),
    await signed({ ...real, session_id: randomUUID() }, FUZZ_JWT_SECRET), // no such session
    await signed({ ...real, sub: randomUUID() }, FUZZ_JWT_SECRET), // session of someone else
    await signed({ ...real, sub: "1' or '1'='1" }, FUZZ_JWT_SECRET),
    await signed({ ...real, session_id: '\u0000' }, FUZZ_JWT_SECRET),
    await signed({ ...real, session_id: 42, role: 'admin' }, FUZZ_JWT_SECRET),
    `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    `${header}.${base64url({ ...claims, role: 'admin', exp: now + 99_999 })}.${signature}`,
    `${header}.${payload}.${flipped}`,
    `${header}.${payload}`,
    `${token}.${signature}`,
  ].map((forged) => `Bearer ${forged}`);
  return [
    ...tokens,
    `bearer   ${token}x`,
    `Bearer ${token}, Bearer ${token}`,
    `Basic ${Buffer.from('admin:admin').toString('base64')}`,
    'Bearer',
    'Bearer ',
    'Bearer a.b.c',
    `Bearer ${'a'.repeat(4_000)}.${'b'.repeat(4_000)}.c`,
    'Token abc',
    '',
  ];
}

export interface Actors {
  readonly forged: readonly string[];
  readonly user: TestUser;
  readonly admin: TestUser;
  /** The Authorization header for a caller (undefined: none). */
  authorization(caller: Caller): string | undefined;
  /** Replaces placeholders with the reader's current e-mail, password and refresh token. */
  fill(text: string): string;
  /** Keeps the tokens a successful refresh handed out, so a spent one is not reused by mistake. */
  refreshed(session: unknown): void;
  /** Signs up replacements for sessions that no longer work (after a logout the fuzz sent). */
  repair(): Promise<void>;
}

export async function createActors(app: App): Promise<Actors> {
  let adminCount = 0;
  const signUpAdmin = () => {
    const email = FUZZ_ADMIN_EMAILS[adminCount++];
    if (!email) throw new Error('fuzz: out of admin addresses');
    return signUpTestAdmin(app, { email });
  };
  let user = await signUpTestUser(app);
  let admin = await signUpAdmin();
  const forged = await forgedAuthorizations(user.session);

  const works = async (actor: TestUser) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: bearer(actor.session),
        remoteAddress: uniqueIp(),
      })
    ).statusCode === 200;

  return {
    forged,
    get user() {
      return user;
    },
    get admin() {
      return admin;
    },
    authorization(caller) {
      if (caller === 'none') return undefined;
      if (caller === 'user') return bearer(user.session).authorization;
      if (caller === 'admin') return bearer(admin.session).authorization;
      return caller.forged;
    },
    fill(text) {
      return text
        .replaceAll(PLACEHOLDERS.userEmail, user.email)
        .replaceAll(PLACEHOLDERS.userPassword, user.password)
        .replaceAll(PLACEHOLDERS.userRefresh, user.session.refresh_token);
    },
    refreshed(session) {
      const parsed = sessionSchema.safeParse(session);
      if (!parsed.success) return;
      if (parsed.data.user.id === user.session.user.id) user = { ...user, session: parsed.data };
      if (parsed.data.user.id === admin.session.user.id) admin = { ...admin, session: parsed.data };
    },
    async repair() {
      if (!(await works(user))) user = await signUpTestUser(app);
      if (!(await works(admin))) admin = await signUpAdmin();
    },
  };
}
