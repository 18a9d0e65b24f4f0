import type { Database } from '../../db/database.js';
import { emissionIntervalMs, retryAfterSeconds, type RateLimitStore } from './rate-limit-store.js';
import { deleteExpiredCounters, spendAllowance } from './rate-limit.repository.js';

/** About one hit in this many also sweeps counters whose allowance is full again. */
const SWEEP_EVERY = 200;

export function createPostgresRateLimitStore(db: Database): RateLimitStore {
  return {
    kind: 'postgres',
    async hit(key, allowance) {
      if (Math.random() < 1 / SWEEP_EVERY) await deleteExpiredCounters(db);
      const waitMs = await spendAllowance(
        db,
        key,
        emissionIntervalMs(allowance),
        allowance.windowSeconds * 1000,
      );
      return waitMs === undefined
        ? { allowed: true, retryAfterSeconds: 0 }
        : { allowed: false, retryAfterSeconds: retryAfterSeconds(waitMs) };
    },
    async close() {},
  };
}
