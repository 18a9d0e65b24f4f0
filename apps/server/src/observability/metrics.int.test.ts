import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { useAppWithFakeModels } from '../test/app-with-fake-models.js';
import { readerClient } from '../test/reader-client.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../test/test-app.js';
import { bearer, signUpTestUser } from '../test/test-users.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

const scrape = (app: App, authorization?: string) =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one series line (`name{labels} value`), or undefined when the scrape has none. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(TEST_DATABASES)('/metrics on %s', (kind) => {
  const context = useAppWithFakeModels(kind, { env: { METRICS_TOKEN: TOKEN } }, { voice: true });
  const reader = readerClient(() => context.app);

  it('answers 401 with WWW-Authenticate to a scrape without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const response = await scrape(context.app, authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
      expect(response.body).not.toContain('summa_');
    }
  });

  it('times requests by route pattern, and counts and times generations, narrations and model calls', async () => {
    const user = await signUpTestUser(context.app);
    const summaryId = await reader.summaryFor(user, 'Atomic Habits', 'James Clear');
    const audio = await context.app.inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/audio`,
      headers: bearer(user.session),
      payload: { language: 'en' },
    });
    expect(audio.statusCode, audio.body).toBe(200);
    for (let read = 0; read < 2; read += 1) {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/summaries/${summaryId}`,
        headers: bearer(user.session),
      });
      expect(response.statusCode).toBe(200);
    }

    const response = await scrape(context.app, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    // The route's pattern, never the URL with its id.
    expect(text).toMatch(
      /summa_http_request_duration_seconds_count\{method="GET",route="\/api\/summaries\/:id",status_code="200"\} [1-9]/,
    );
    expect(text).not.toContain(summaryId);
    for (const kindOfWork of ['generation', 'narration']) {
      expect(valueOf(text, `summa_work_duration_seconds_count{kind="${kindOfWork}",outcome="ok"}`)).toBe(1);
    }
    expect(
      valueOf(text, 'summa_model_call_duration_seconds_count{provider="openai-compatible",outcome="ok"}'),
    ).toBeGreaterThan(0);
    expect(
      valueOf(text, 'summa_model_tokens_total{provider="openai-compatible",direction="output"}'),
    ).toBeGreaterThan(0);
    // The second read came from the instance's cache of summaries.
    expect(valueOf(text, 'summa_cache_requests_total{cache="summaryBody",result="hit"}')).toBeGreaterThan(0);
    // The job queue is bound: the generation was one job, waited for and done.
    expect(valueOf(text, 'summa_queue_jobs{queue="summary",state="queued"}')).toBe(0);
    expect(valueOf(text, 'summa_queue_jobs{queue="summary",state="active"}')).toBe(0);
    expect(valueOf(text, 'summa_queue_wait_seconds_count{queue="summary"}')).toBe(1);
    expect(valueOf(text, 'summa_db_pool_connections{state="max"}')).toBe(kind === 'pglite' ? 1 : 5);
    expect(valueOf(text, 'summa_db_pool_connections{state="waiting"}')).toBe(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp('pglite');
  });
  afterAll(async () => {
    await context.close();
  });

  it('answers 404, whatever the request sends', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const response = await scrape(context.app, authorization);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });
});
