import { createMemoryCache, type MemoryCacheOptions } from '../../cache/memory-cache.js';
import { emissionIntervalMs, retryAfterSeconds, type RateLimitStore } from './rate-limit-store.js';

/**
 * The GCRA step of the shared stores (rate-limit.repository.ts, redis-rate-limit-store.ts) in
 * this instance's memory: for limits that protect the instance itself (its CPU), where a write
 * to a shared store on every request would cost more than the request.
 */
export function createMemoryRateLimitStore(options: MemoryCacheOptions = {}): RateLimitStore {
  const allowances = createMemoryCache<number>('rateLimitAllowance', options);
  const now = options.now ?? Date.now;
  return {
    kind: 'memory',
    async hit(key, allowance) {
      const time = now();
      const windowMs = allowance.windowSeconds * 1000;
      const spent = Math.max(allowances.get(key) ?? time, time) + emissionIntervalMs(allowance);
      if (spent - time > windowMs) {
        return { allowed: false, retryAfterSeconds: retryAfterSeconds(spent - windowMs - time) };
      }
      allowances.set(key, spent, { ttl: spent - time });
      return { allowed: true, retryAfterSeconds: 0 };
    },
    async close() {
      allowances.clear();
    },
  };
}
