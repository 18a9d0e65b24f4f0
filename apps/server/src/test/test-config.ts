import { loadConfig, type AppConfig } from '../config/env.js';

/**
 * The tests' configuration: no model, no voice, no fair-use limits and no covers unless a test
 * brings them. Apart from test-app.ts so that the integration project's global setup (which
 * prepares the database templates with it) does not load Vitest's worker API.
 */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    // No model unless a test brings one (the fake model server): nothing listens on port 2 (fetch refuses the
    // "bad" ports such as 9 before connecting).
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: 'http://127.0.0.1:2/v1',
    LLM_MODEL: 'none',
    // No voice either, unless a test brings one (the fake speech server, or TTS_PROVIDER=local).
    TTS_PROVIDER: 'openai-compatible',
    TTS_BASE_URL: 'http://127.0.0.1:2/v1',
    // No fair-use limits unless a test sets them (plugins/fair-use.int.test.ts).
    GENERATION_LIMIT_PER_USER_PER_HOUR: '0',
    GENERATION_LIMIT_GLOBAL_PER_MINUTE: '0',
    AUDIO_LIMIT_PER_USER_PER_HOUR: '0',
    AUDIO_LIMIT_GLOBAL_PER_MINUTE: '0',
    CATALOG_RATE_LIMIT_PER_MINUTE: '0',
    // Rankings read fresh, so that a test sees its own awards at once.
    RANKING_REFRESH_MS: '0',
    // No covers fetched from Open Library: a test that wants them names a local source
    // (COVERS_FETCH=on, COVERS_SOURCE_URL; test/fake-cover-server.ts).
    COVERS_FETCH: 'off',
    // argon2id at its least cost: sign-ups and sign-ins are in most tests, and at OWASP's cost
    // (production's) each would spend its time hashing. auth.int.test.ts checks production's; a
    // test that sets another NODE_ENV gets it too, the only one allowed there.
    ...((overrides.NODE_ENV ?? 'test') === 'test'
      ? { PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_PASSES: '1' }
      : {}),
    ...overrides,
  });
}
