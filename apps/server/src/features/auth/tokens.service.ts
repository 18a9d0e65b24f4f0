import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

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
}

export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
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
    async verify(token) {
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
        return { userId: payload.sub, sessionId };
      } catch {
        return undefined;
      }
    },
  };
}
