import { createHash, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { createMemoryCache } from '../../cache/memory-cache.js';

/** Access tokens live 1 h; the client refreshes them with the refresh token. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const ISSUER = 'summa';
const AUDIENCE = 'summa-api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 256 random bits, URL-safe: refresh tokens, reset links, OAuth state and codes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as hashes, so a database leak hands out no usable token. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sha256Base64Url(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
}

export interface AccessTokens {
  sign(claims: AccessTokenClaims): Promise<{ token: string; expiresAt: number }>;
  /** The claims of a valid token, or undefined for an expired, tampered or unsigned one. */
  verify(token: string): Promise<AccessTokenClaims | undefined>;
  /**
   * The claims of a token whose signature this instance checked already and which has not
   * expired, without waiting on anything; undefined means "ask `verify`".
   */
  known(token: string): AccessTokenClaims | undefined;
}

export function createAccessTokens(secret: string, now: () => number = Date.now): AccessTokens {
  // A KeyObject, imported once: jose would otherwise import raw bytes on every signature check.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  /**
   * Tokens whose signature was checked, with their claims and expiry: a reader's every request
   * carries the same token, and checking an HMAC through WebCrypto costs more than the rest
   * of a cached read. Keyed by the whole token, so a changed byte is verified afresh.
   */
  const verified = createMemoryCache<AccessTokenClaims & { expiresAtMs: number }>('verifiedToken', {
    now,
  });
  return {
    async sign({ userId, sessionId }) {
      const issuedAt = Math.floor(Date.now() / 1000);
      const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ session_id: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },
    known(token) {
      const known = verified.get(token);
      if (known && now() < known.expiresAtMs) return { userId: known.userId, sessionId: known.sessionId };
      return undefined;
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (now() < known.expiresAtMs) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        return undefined;
      }
      try {
        // Only HS256: a token with alg "none" or any other algorithm is refused.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'session_id'],
        });
        const sessionId = payload.session_id;
        if (
          typeof sessionId !== 'string' ||
          !UUID.test(sessionId) ||
          !payload.sub ||
          !UUID.test(payload.sub)
        ) {
          return undefined;
        }
        const claims = { userId: payload.sub, sessionId };
        if (payload.exp) verified.set(token, { ...claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch {
        return undefined;
      }
    },
  };
}
