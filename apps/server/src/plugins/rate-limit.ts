import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.js';
import { createRateLimitStore } from '../providers/rate-limit/rate-limit-store.js';

export interface RateLimitRule {
  /** Names the counter, e.g. "login:ip". */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimiter {
  readonly kind: 'postgres' | 'redis';
  /**
   * Counts one attempt of `subject` (an IP, a hashed e-mail...) under the rule; past the limit
   * it sets Retry-After and throws 429 RATE_LIMITED.
   */
  consume(reply: FastifyReply, rule: RateLimitRule, subject: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: RateLimiter;
  }
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { redisUrl: string | undefined }) => {
  const store = await createRateLimitStore(options.redisUrl, app.db, app.log);
  app.addHook('onClose', () => store.close());

  app.decorate('rateLimit', {
    kind: store.kind,
    async consume(reply, rule, subject) {
      let count;
      try {
        count = await store.hit(`${rule.name}:${subject}`, rule.windowSeconds);
      } catch (error) {
        // An unreachable store must not lock every user out: let the attempt through, loudly.
        reply.log.error({ err: error, rule: rule.name }, 'rate-limit store failed; attempt allowed');
        return;
      }
      if (count.hits > rule.limit) {
        reply.header('retry-after', String(count.resetInSeconds));
        throw new AppError('RATE_LIMITED', 429);
      }
    },
  } satisfies RateLimiter);
});
