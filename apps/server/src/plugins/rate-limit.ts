import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode } from '@summa/shared';
import { AppError } from '../http/app-error.js';
import {
  createRateLimitStore,
  type RateLimitAllowance,
  type RateLimitStore,
} from '../providers/rate-limit/rate-limit-store.js';

/** `limit` hits at once, then one more every `windowSeconds / limit` (a token bucket, ADR 0012). */
export interface RateLimitRule extends RateLimitAllowance {
  /** Names the counter, e.g. "login:ip". */
  name: string;
  /** The code of the 429 answer (RATE_LIMITED unless the rule has its own message). */
  code?: ErrorCode;
}

export interface RateLimiter {
  readonly kind: RateLimitStore['kind'];
  /**
   * Counts one hit of `subject` (an IP, a hashed e-mail...) under the rule; past the limit it
   * throws 429 with Retry-After (a refused hit is not counted).
   */
  check(rule: RateLimitRule, subject: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: RateLimiter;
  }
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { redisUrl: string | undefined }) => {
  const store = await createRateLimitStore(options.redisUrl, app.db, app.log);
  app.addHook('onClose', () => store.close());

  async function check(rule: RateLimitRule, subject: string): Promise<void> {
    let verdict;
    try {
      verdict = await store.hit(`${rule.name}:${subject}`, rule);
    } catch (error) {
      // An unreachable store must not lock every user out: let the hit through, loudly.
      app.log.error({ err: error, rule: rule.name }, 'rate-limit store failed; attempt allowed');
      return;
    }
    if (!verdict.allowed) {
      throw new AppError(rule.code ?? 'RATE_LIMITED', 429, undefined, verdict.retryAfterSeconds);
    }
  }

  app.decorate('rateLimit', {
    kind: store.kind,
    check,
  } satisfies RateLimiter);
});
