import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatusResponse } from '@summa/shared';
import { createTestApp, type TestContext } from './test/test-app.js';

/** The local model, absent: a process that sets it up reports the error state at once. */
const localModel = {
  LLM_PROVIDER: 'local',
  LLM_MODEL: path.join(tmpdir(), 'summa-preload-test-no-model.gguf'),
  LLM_MODELS_DIR: path.join(tmpdir(), 'summa-preload-test-models'),
};

const opened: TestContext[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function listening(context: TestContext): Promise<TestContext> {
  opened.push(context);
  await context.app.listen({ host: '127.0.0.1', port: 0 });
  return context;
}

async function modelState(context: TestContext): Promise<string> {
  const response = await context.app.inject({ method: 'GET', url: '/api/status' });
  return response.json<StatusResponse>().llm.state;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the model at start, by role', () => {
  it(
    'is set up by an instance that runs the work once it listens, never by a web instance',
    { timeout: 90_000 },
    async () => {
      // SUMMA_ROLE=web asks for a DATABASE_URL; the app itself runs on the test's own database.
      const web = await listening(
        await createTestApp('postgres', {
          env: { ...localModel, SUMMA_ROLE: 'web', DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' },
        }),
      );
      const all = await listening(await createTestApp('pglite', { env: localModel }));
      // The instance that runs the work tried to load the absent model by now (loading the model
      // runtime's native module first took seconds on a busy machine)...
      await expect.poll(() => modelState(all), { timeout: 60_000, interval: 200 }).toBe('error');
      // ...and the web instance, listening longer, left it alone.
      expect(await modelState(web)).toBe('idle');
    },
  );
});
