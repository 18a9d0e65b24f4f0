import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReaderActivityEvent } from '../../../ports/reader-activity.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../../test/fake-llm-server.js';
import { bookResponder } from '../../../test/summary-responder.js';
import { createTestApp, TEST_DATABASES } from '../../../test/test-app.js';
import { bearer, signUpTestUser } from '../../../test/test-users.js';

// A summary new to the reader is reported to Gamification after the answer, not before it.
describe.each(TEST_DATABASES)("a generation's report of the reader's activity on %s", (kind) => {
  let llm: FakeLlmServer;
  beforeAll(async () => {
    llm = await startFakeLlmServer();
    llm.respondWith(bookResponder());
  });
  afterAll(async () => {
    await llm.close();
  });

  it('does not hold up the answer, and is waited for at shutdown', async () => {
    const reported: ReaderActivityEvent[] = [];
    let release = () => {};
    const written = new Promise<void>((resolve) => {
      release = resolve;
    });
    const context = await createTestApp(kind, {
      env: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model' },
      readerActivity: {
        record: async (event) => {
          reported.push(event);
          await written;
        },
      },
    });
    const state = { closed: false };
    try {
      const reader = await signUpTestUser(context.app);
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/summaries',
        headers: bearer(reader.session),
        payload: { bookTitle: 'Deep Work', bookAuthor: 'Cal Newport', language: 'en' },
      });
      // Answered while the report is still being written.
      expect(response.statusCode, response.body).toBe(200);
      const { summaryId } = response.json<{ summaryId: string }>();
      expect(reported).toEqual([{ type: 'summary_generated', userId: reader.session.user.id, summaryId }]);

      const closing = context.close().then(() => {
        state.closed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(state.closed).toBe(false);
      release();
      await closing;
      expect(state.closed).toBe(true);
    } finally {
      release();
      if (!state.closed) await context.close();
    }
  });
});
