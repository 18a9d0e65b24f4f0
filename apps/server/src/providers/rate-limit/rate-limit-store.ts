import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { createPostgresRateLimitStore } from './postgres-rate-limit-store.js';

export interface WindowCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the current window ends. */
  resetInSeconds: number;
}

/** Fixed-window counters that every instance of the app shares. */
export interface RateLimitStore {
  readonly kind: 'postgres' | 'redis';
  hit(key: string, windowSeconds: number): Promise<WindowCount>;
  close(): Promise<void>;
}

/** Redis when REDIS_URL is set; otherwise a table of the app's own database. */
export async function createRateLimitStore(
  redisUrl: string | undefined,
  db: Database,
  log: FastifyBaseLogger,
): Promise<RateLimitStore> {
  if (!redisUrl) return createPostgresRateLimitStore(db);
  // Loaded only when configured: the Redis client takes a tenth of the start-up to load.
  const { createRedisRateLimitStore } = await import('./redis-rate-limit-store.js');
  return createRedisRateLimitStore(redisUrl, log);
}
