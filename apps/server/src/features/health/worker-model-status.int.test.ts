import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { adminStatusResponseSchema, statusResponseSchema } from '@summa/shared';
import { buildApp, type App } from '../../app.js';
import { workerModelStatus } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testConfig } from '../../test/test-config.js';
import { bearer, signUpTestAdmin } from '../../test/test-users.js';
import { MODEL_STATUS_LIVE_MS } from './worker-model-status.js';

/** The local model, absent: a worker that sets it up reports the error state at once. */
const MISSING_MODEL = path.join(tmpdir(), 'summa-worker-status-test-no-model.gguf');
const ADMIN_EMAIL = 'model-status-admin@example.com';

function roleEnv(role: 'web' | 'worker'): Record<string, string> {
  return {
    LLM_PROVIDER: 'local',
    LLM_MODEL: MISSING_MODEL,
    LLM_MODELS_DIR: path.join(tmpdir(), 'summa-worker-status-test-models'),
    SUMMA_ROLE: role,
    ADMIN_EMAILS: ADMIN_EMAIL,
    // The roles other than all ask for one; the apps run on the test's own database.
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
  };
}

async function publicModel(web: App) {
  return statusResponseSchema.parse((await web.inject({ method: 'GET', url: '/api/status' })).json()).llm;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the model state a web instance shows (ADR 0042)', () => {
  it(
    "is the workers' view of the model, with its cause for admins, and the web's own once no worker is live",
    { timeout: 120_000 },
    async () => {
      const worker: TestContext = await createTestApp('postgres', { env: roleEnv('worker') });
      closers.push(() => worker.database.close());
      let workerOpen = true;
      closers.push(async () => {
        if (workerOpen) await worker.app.close();
      });
      const web = await buildApp({ config: testConfig(roleEnv('web')), database: worker.database });
      closers.push(() => web.close());
      await web.ready();
      // Before the worker sets the model up: the web's own model, which it never loads.
      expect((await publicModel(web)).state).toBe('idle');

      // The worker sets it up once it listens and fails on the absent file (loading the model
      // runtime's native module first took seconds on a busy machine).
      await worker.app.listen({ host: '127.0.0.1', port: 0 });
      await expect
        .poll(async () => (await publicModel(web)).state, { timeout: 60_000, interval: 250 })
        .toBe('error');
      // Anyone sees the state and never the cause, which names paths on the worker's machine.
      const answer = await web.inject({ method: 'GET', url: '/api/status' });
      expect(answer.json<{ llm: object }>().llm).toEqual({
        provider: 'local',
        model: MISSING_MODEL,
        state: 'error',
      });
      // An admin sees the cause, on the web instance (its mail is sent by the worker).
      const admin = await signUpTestAdmin(web, { email: ADMIN_EMAIL });
      const adminView = adminStatusResponseSchema.parse(
        (
          await web.inject({ method: 'GET', url: '/api/admin/status', headers: bearer(admin.session) })
        ).json(),
      ).llm;
      expect(adminView).toMatchObject({ state: 'error', errorKind: 'missing-file' });
      expect(adminView.error).toContain(MISSING_MODEL);

      // A worker that stops removes its view, and the web instance shows its own again.
      expect(await worker.database.db.select().from(workerModelStatus)).toHaveLength(1);
      await worker.app.close();
      workerOpen = false;
      expect(await worker.database.db.select().from(workerModelStatus)).toEqual([]);
      await expect.poll(async () => (await publicModel(web)).state, { timeout: 10_000 }).toBe('idle');

      // A worker killed with its model ready left its view: once older than a live worker's, it no
      // longer counts (else 'ready' would show, the closest to answering).
      const view = { provider: 'local', model: MISSING_MODEL } as const;
      await worker.database.db.insert(workerModelStatus).values([
        {
          workerId: 'killed',
          status: { ...view, state: 'ready' },
          updatedAt: sql`now() - make_interval(secs => ${(MODEL_STATUS_LIVE_MS + 1_000) / 1000})`,
        },
        { workerId: 'downloading', status: { ...view, state: 'downloading', downloadProgress: 0.5 } },
      ]);
      await expect
        .poll(async () => await publicModel(web), { timeout: 10_000 })
        .toEqual({ ...view, state: 'downloading', downloadProgress: 0.5 });
    },
  );
});
