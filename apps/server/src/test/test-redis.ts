/**
 * The Redis the integration tests use: 127.0.0.1:6379 by default (CI has one there);
 * TEST_REDIS_URL points elsewhere, and TEST_REDIS_URL=off skips the Redis store on a machine
 * without Redis.
 */
const configured = process.env.TEST_REDIS_URL?.trim() ?? '';

export const TEST_REDIS_URL: string | undefined =
  configured === 'off' ? undefined : configured === '' ? 'redis://127.0.0.1:6379' : configured;
