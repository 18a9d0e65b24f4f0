/** argon2id's cost: memory in KiB and passes (always 1 lane); PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_PASSES. */
export interface PasswordHashing {
  memoryKib: number;
  passes: number;
}

/**
 * OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane. It is the default, and the floor
 * outside NODE_ENV=test (config/env.ts): the tests may lower it to save time, production never.
 */
export const OWASP_PASSWORD_HASHING: PasswordHashing = { memoryKib: 19_456, passes: 2 };
