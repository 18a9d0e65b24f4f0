import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NON_FICTION_SECTIONS,
  nonFictionSectionsSchema,
  summaryContentSchema,
  summarySchema,
  type GenerationEvent,
} from '@summa/shared';
import { bookSummaries } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, signUpTestUser } from '../../test/test-users.js';

// llama.cpp's test model (stories260K): nonsense text, but the schema grammar must make it a
// valid summary all the way through the pipeline. It lives next to the checkout, never in it.
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const TINY_MODEL = path.resolve(REPO_ROOT, '../shared/models/stories260K.gguf');

function parseEvents(body: string): GenerationEvent[] {
  return body
    .split('\n\n')
    .map((block) => block.split('\n').find((line) => line.startsWith('data:')))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice(5)) as GenerationEvent);
}

// PGlite only: this is about the model path, which no database changes, and each run costs seconds.
describe('summary generation with the local provider on stories260K', () => {
  let context: TestContext;

  beforeAll(async () => {
    expect(existsSync(TINY_MODEL), `the test model is missing at ${TINY_MODEL}`).toBe(true);
    context = await createTestApp('pglite', {
      env: { LLM_PROVIDER: 'local', LLM_MODEL: TINY_MODEL, LLM_TIMEOUT_MS: '20000' },
    });
  });
  afterAll(async () => {
    await context.close();
  });

  it('generates, validates and stores a catalogue book through the whole pipeline', async () => {
    const user = await signUpTestUser(context.app);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/summaries',
      headers: { ...bearer(user.session), accept: 'text/event-stream' },
      payload: { bookTitle: 'The Power of Habit', bookAuthor: 'Charles Duhigg', language: 'en' },
    });
    expect(response.statusCode).toBe(200);
    const events = parseEvents(response.body);
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error(`no done event: ${JSON.stringify(done)}`);
    // Every section streamed in order during the attempt that succeeded (after the last summarize).
    const lastAttempt = events.slice(
      events.findLastIndex((e) => e.type === 'progress' && e.step === 'summarize'),
    );
    expect(lastAttempt.flatMap((e) => (e.type === 'section' ? [e.key] : []))).toEqual(NON_FICTION_SECTIONS);

    const summary = await context.app.inject({
      method: 'GET',
      url: `/api/summaries/${done.summaryId}`,
      headers: bearer(user.session),
    });
    expect(summary.statusCode).toBe(200);
    const parsed = summarySchema.parse(summary.json());
    expect(parsed).toMatchObject({
      title: 'The Power of Habit',
      author: 'Charles Duhigg',
      category: 'habits',
    });
    expect(parsed.content.kind).toBe('nonfiction');
    expect(nonFictionSectionsSchema.safeParse(parsed.content).error).toBeUndefined();

    const [stored] = await context.database.db
      .select()
      .from(bookSummaries)
      .where(eq(bookSummaries.id, done.summaryId));
    expect(summaryContentSchema.safeParse(stored?.content).error).toBeUndefined();
    expect(stored?.model).toBe(`local:${TINY_MODEL}`);

    const status = await context.app.inject({ method: 'GET', url: '/api/status' });
    expect(status.json()).toEqual({
      amazonAssociateTag: null,
      llm: { provider: 'local', model: TINY_MODEL, state: 'ready' },
    });
    // About 1,800 tokens at 200 a second on one core: 10 s alone. Summarizing samples (temperature
    // 0.4), so a run may retry both the identify and the summarize step, and in CI another test file
    // shares the two cores: one such run took over 60 s. The limit is there to stop a hung model.
  }, 240_000);
});
