import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { App } from '../app.js';
import type { DatabaseKind } from '../db/database.js';
import { startFakeLlmServer, type FakeLlmServer } from './fake-llm-server.js';
import { startFakeTtsServer, type FakeTtsServer } from './fake-tts-server.js';
import { bookResponder } from './summary-responder.js';
import { createTestApp, type TestAppOptions, type TestContext, type TestDatabase } from './test-app.js';

/** What a describe block reads of the app `useAppWithFakeModels` started for it. */
export interface AppWithFakeModels {
  readonly app: App;
  readonly database: TestDatabase;
  /** The fake model server the app writes with. */
  readonly llm: FakeLlmServer;
  /** The fake speech server the app narrates with (with `voice` only). */
  readonly tts: FakeTtsServer;
  /** The environment the app was built with (for a second instance of it). */
  readonly env: Record<string, string>;
}

/**
 * For a describe block: the app on a fresh database, writing with a fake model server of its own
 * (and, with `voice`, narrating with a fake speech server of its own), started before the block's
 * tests and closed after them. Before each test the fakes are reset and the model answers every
 * request with a book (bookResponder); a block's own beforeEach, registered after this call, may
 * script otherwise. `options` may be a function, read when the app starts, after the block's
 * beforeAll hooks registered before this call.
 */
export function useAppWithFakeModels(
  kind: DatabaseKind,
  options: TestAppOptions | (() => TestAppOptions) = {},
  { voice = false }: { voice?: boolean } = {},
): AppWithFakeModels {
  let started: { context: TestContext; llm: FakeLlmServer; tts?: FakeTtsServer; env: Record<string, string> };

  beforeAll(async () => {
    const { env: ownEnv, ...rest } = typeof options === 'function' ? options() : options;
    const llm = await startFakeLlmServer();
    const tts = voice ? await startFakeTtsServer() : undefined;
    const env = {
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      ...(tts ? { TTS_PROVIDER: 'openai-compatible', TTS_BASE_URL: tts.baseUrl } : {}),
      ...ownEnv,
    };
    started = { context: await createTestApp(kind, { ...rest, env }), llm, tts, env };
  });
  afterAll(async () => {
    await started.context.close();
    await Promise.all([started.llm.close(), started.tts?.close()]);
  });
  beforeEach(() => {
    started.llm.reset();
    started.llm.respondWith(bookResponder());
    started.tts?.reset();
  });

  return {
    get app() {
      return started.context.app;
    },
    get database() {
      return started.context.database;
    },
    get llm() {
      return started.llm;
    },
    get tts() {
      if (!started.tts) throw new Error('useAppWithFakeModels: no fake speech server without `voice`');
      return started.tts;
    },
    get env() {
      return started.env;
    },
  };
}
