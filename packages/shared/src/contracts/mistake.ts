import type { MistakeKey } from './mistakes.js';

/**
 * The zod message of a refusal a contract names: an interface text's key from `MISTAKES`, which
 * both sides translate (the web under the field, the server in its VALIDATION_ERROR answer).
 */
export function mistake(key: MistakeKey): MistakeKey {
  return key;
}
