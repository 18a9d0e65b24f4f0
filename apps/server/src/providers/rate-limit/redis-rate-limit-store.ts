import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import type { RateLimitStore } from './rate-limit-store.js';

const PREFIX = 'summa:rate-limit:';

export async function createRedisRateLimitStore(
  url: string,
  log: FastifyBaseLogger,
): Promise<RateLimitStore> {
  // Without the offline queue a command fails at once while Redis is away instead of hanging.
  const client = createClient({ url, disableOfflineQueue: true });
  client.on('error', (error: unknown) => log.error({ err: error }, 'redis error'));
  await client.connect();
  return {
    kind: 'redis',
    async hit(key, windowSeconds) {
      const windowMs = windowSeconds * 1000;
      const now = Date.now();
      const windowIndex = Math.floor(now / windowMs);
      const windowEnd = (windowIndex + 1) * windowMs;
      // The window is part of the key, so a key never needs resetting, only expiring.
      const windowKey = `${PREFIX}${key}:${windowIndex}`;
      const [hits] = await client
        .multi()
        .incr(windowKey)
        .pExpire(windowKey, windowEnd - now + 1000)
        .exec();
      return { hits: Number(hits), resetInSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
    },
    async close() {
      await client.close();
    },
  };
}
