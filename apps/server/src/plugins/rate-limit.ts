import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode } from '@summa/shared';
import type { FairUseLimits } from '../config/env.js';
import { AppError } from '../http/app-error.js';
import { createMemoryRateLimitStore } from '../providers/rate-limit/memory-rate-limit-store.js';
import {
  createRateLimitStore,
  type RateLimitAllowance,
  type RateLimitStore,
} from '../providers/rate-limit/rate-limit-store.js';

/** `limit` hits at once, then one more every `windowSeconds / limit` (a token bucket, ADR 0012). */
export interface RateLimitRule extends RateLimitAllowance {
  /** Names the counter, e.g. "login:ip". */
  name: string;
  /** The code of the 429 answer; RATE_LIMITED unless the rule has its own message. */
  code?: ErrorCode;
  /**
   * 'shared' (default): counted in the store every instance shares. 'instance': in this
   * instance's memory, for limits on what costs this instance's CPU, where a shared write per
   * request would cost more than the request.
   */
  scope?: 'shared' | 'instance';
}

export interface RateLimiter {
  /** The shared store's kind. */
  readonly kind: RateLimitStore['kind'];
  /**
   * Counts one hit of `subject` (an IP, a hashed e-mail, a user id...) under the rule; past the
   * limit it throws a 429 AppError with Retry-After (a refused hit is not counted).
   */
  check: (rule: RateLimitRule, subject: string) => Promise<void>;
  /** An onRequest hook: the public catalogue's limit per client IP (CATALOG_RATE_LIMIT_PER_MINUTE). */
  publicEndpoint: (request: FastifyRequest) => Promise<void>;
  /**
   * Fair use of the model: call it just before a real model generation is started or counted
   * against the plan (never for a summary that is already stored). Throws 429
   * GENERATION_RATE_LIMITED past the reader's hourly limit, GENERATION_BUSY past the limit of
   * all instances together. Undefined when both limits are 0: with nothing to admit, a hold needs
   * no pending step (one statement less per generation).
   */
  admitGeneration: ((userId: string) => Promise<void>) | undefined;
  /**
   * Fair use of the speech provider, as `admitGeneration` for narrations: call it just before a
   * new synthesis is held against the plan (never for a stored narration). Throws 429
   * AUDIO_RATE_LIMITED past the reader's hourly limit, AUDIO_BUSY past the limit of all instances.
   * Undefined when both limits are 0.
   */
  admitAudio: ((userId: string) => Promise<void>) | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: RateLimiter;
  }
}

export interface RateLimitPluginOptions {
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  limits: FairUseLimits;
}

/** The rules the configured limits make; a limit of 0 makes none. */
export function fairUseRules(limits: FairUseLimits) {
  const rule = (limit: number, base: Omit<RateLimitRule, 'limit'>): RateLimitRule | undefined =>
    limit > 0 ? { ...base, limit } : undefined;
  return {
    catalogIp: rule(limits.catalogPerIpPerMinute, {
      name: 'catalog:ip',
      windowSeconds: 60,
      scope: 'instance',
    }),
    generationUser: rule(limits.generationPerUserPerHour, {
      name: 'generation:user',
      windowSeconds: 3600,
      code: 'GENERATION_RATE_LIMITED',
    }),
    generationGlobal: rule(limits.generationGlobalPerMinute, {
      name: 'generation:global',
      windowSeconds: 60,
      code: 'GENERATION_BUSY',
    }),
    audioUser: rule(limits.audioPerUserPerHour, {
      name: 'audio:user',
      windowSeconds: 3600,
      code: 'AUDIO_RATE_LIMITED',
    }),
    audioGlobal: rule(limits.audioGlobalPerMinute, {
      name: 'audio:global',
      windowSeconds: 60,
      code: 'AUDIO_BUSY',
    }),
  };
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitPluginOptions) => {
  const shared = await createRateLimitStore(
    { url: options.redisUrl, keyPrefix: options.redisKeyPrefix },
    app.db,
    app.log,
  );
  const local = createMemoryRateLimitStore();
  app.addHook('onClose', async () => {
    await Promise.all([shared.close(), local.close()]);
  });
  const rules = fairUseRules(options.limits);

  async function check(rule: RateLimitRule, subject: string): Promise<void> {
    const store = rule.scope === 'instance' ? local : shared;
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

  /**
   * Fair use of one kind of work: the reader's own limit first (one reader past it never spends
   * the others' allowance), then everyone's; undefined when neither limit is set.
   */
  const admission = (perUser: RateLimitRule | undefined, global: RateLimitRule | undefined) =>
    perUser || global
      ? async (userId: string) => {
          if (perUser) await check(perUser, `user:${userId}`);
          if (global) await check(global, 'all');
        }
      : undefined;

  app.decorate('rateLimit', {
    kind: shared.kind,
    check,
    publicEndpoint: async (request) => {
      if (rules.catalogIp) await check(rules.catalogIp, `ip:${request.ip}`);
    },
    admitGeneration: admission(rules.generationUser, rules.generationGlobal),
    admitAudio: admission(rules.audioUser, rules.audioGlobal),
  } satisfies RateLimiter);
});
