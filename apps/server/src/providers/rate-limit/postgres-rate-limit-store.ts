import type { Database } from '../../db/database.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { deleteExpiredCounters, hitCounter } from './rate-limit.repository.js';

/** About one hit in this many also sweeps counters whose window has passed. */
const SWEEP_EVERY = 200;

export function createPostgresRateLimitStore(db: Database): RateLimitStore {
  return {
    kind: 'postgres',
    async hit(key, windowSeconds) {
      if (Math.random() < 1 / SWEEP_EVERY) await deleteExpiredCounters(db);
      return hitCounter(db, key, windowSeconds);
    },
    async close() {},
  };
}
