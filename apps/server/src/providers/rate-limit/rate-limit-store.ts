import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { createPostgresRateLimitStore } from './postgres-rate-limit-store.js';

/** At most `limit` hits at once, and then one more every `windowSeconds / limit` (ADR 0012). */
export interface RateLimitAllowance {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** When refused: whole seconds until a hit is allowed again (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Rate limits as a token bucket in its GCRA form: one timestamp per key, the moment the key's
 * full allowance is back (its "theoretical arrival time"). A hit moves it on by one emission
 * interval, and is refused, without being counted, when that would put it more than a window
 * ahead of now. No window is aligned to a clock, so no burst can straddle a window's edge.
 */
export interface RateLimitStore {
  readonly kind: 'postgres' | 'redis' | 'memory';
  hit(key: string, allowance: RateLimitAllowance): Promise<RateLimitVerdict>;
  close(): Promise<void>;
}

/** Milliseconds each hit spends of the allowance (whole, so every store rounds alike). */
export function emissionIntervalMs({ limit, windowSeconds }: RateLimitAllowance): number {
  return Math.max(1, Math.ceil((windowSeconds * 1000) / limit));
}

/** A refused hit waits until the allowance has room for one more interval. */
export function retryAfterSeconds(allowedAgainInMs: number): number {
  return Math.max(1, Math.ceil(allowedAgainInMs / 1000));
}

/** Redis when REDIS_URL is set; otherwise a table of the app's own database. */
export async function createRateLimitStore(
  redis: { url: string | undefined; keyPrefix: string },
  db: Database,
  log: FastifyBaseLogger,
): Promise<RateLimitStore> {
  if (!redis.url) return createPostgresRateLimitStore(db);
  // Loaded only when configured: the Redis client takes a tenth of the start-up to load.
  const { createRedisRateLimitStore } = await import('./redis-rate-limit-store.js');
  return createRedisRateLimitStore(redis.url, redis.keyPrefix, log);
}
