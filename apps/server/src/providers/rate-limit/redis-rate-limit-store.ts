import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { z } from 'zod';
import { emissionIntervalMs, retryAfterSeconds, type RateLimitStore } from './rate-limit-store.js';

/**
 * The same GCRA step as the table's upsert (rate-limit.repository.ts), atomic in one script on
 * Redis's clock. KEYS[1] holds the moment the key's full allowance is back, and expires then.
 * Answers {1, 0} when allowed, {0, milliseconds until a hit fits} when refused.
 */
const SPEND_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local stored = redis.call('GET', KEYS[1])
local tat = now
if stored then tat = math.max(tonumber(stored), now) end
local spent = tat + interval
if spent - now > window then return {0, spent - window - now} end
redis.call('SET', KEYS[1], spent, 'PX', spent - now)
return {1, 0}
`;

const scriptReply = z.tuple([z.number(), z.number()]);

export async function createRedisRateLimitStore(
  url: string,
  keyPrefix: string,
  log: FastifyBaseLogger,
): Promise<RateLimitStore> {
  // Without the offline queue a command fails at once while Redis is away instead of hanging.
  const client = createClient({ url, disableOfflineQueue: true });
  client.on('error', (error: unknown) => log.error({ err: error }, 'redis error'));
  await client.connect();
  return {
    kind: 'redis',
    async hit(key, allowance) {
      const reply = await client.eval(SPEND_SCRIPT, {
        keys: [`${keyPrefix}rate-limit:${key}`],
        arguments: [String(emissionIntervalMs(allowance)), String(allowance.windowSeconds * 1000)],
      });
      const [allowed, waitMs] = scriptReply.parse(reply);
      return allowed === 1
        ? { allowed: true, retryAfterSeconds: 0 }
        : { allowed: false, retryAfterSeconds: retryAfterSeconds(waitMs) };
    },
    async close() {
      await client.close();
    },
  };
}
