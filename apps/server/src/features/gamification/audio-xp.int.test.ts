import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeLlmServer, type FakeLlmServer } from '../../test/fake-llm-server.js';
import { startFakeTtsServer, type FakeTtsServer } from '../../test/fake-tts-server.js';
import { bookResponder } from '../../test/summary-responder.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { bearer, signUpTestUser } from '../../test/test-users.js';
import { gamificationClient } from '../../test/gamification-client.js';

describe.each(TEST_DATABASES)('audio XP on %s', (kind) => {
  let llm: FakeLlmServer;
  let tts: FakeTtsServer;
  let storageDir: string;
  let context: TestContext;
  const api = gamificationClient(() => context.app);

  beforeAll(async () => {
    llm = await startFakeLlmServer();
    tts = await startFakeTtsServer();
    storageDir = await mkdtemp(path.join(tmpdir(), 'summa-audio-xp-'));
    context = await createTestApp(kind, {
      env: {
        LLM_BASE_URL: llm.baseUrl,
        LLM_MODEL: 'fake-model',
        TTS_PROVIDER: 'openai-compatible',
        TTS_BASE_URL: tts.baseUrl,
        STORAGE_DIR: storageDir,
      },
    });
  });
  afterAll(async () => {
    await context.close();
    await Promise.all([llm.close(), tts.close()]);
    await rm(storageDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    llm.reset();
    llm.respondWith(bookResponder());
    tts.reset();
  });

  it('awards audio_generated once the reader has the audio, once per summary', async () => {
    const reader = await signUpTestUser(context.app);
    const summaryId = await api.summaryFor(reader, 'Atomic Habits');
    expect((await api.xpEvent(reader, 'audio_generated', summaryId)).statusCode).toBe(404);
    const audio = await context.app.inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/audio`,
      headers: bearer(reader.session),
      payload: { language: 'en' },
    });
    expect(audio.statusCode, audio.body).toBe(200);
    const first = await api.award(reader, 'audio_generated', summaryId);
    expect(first.xpAwarded).toBe(10);
    expect(first.achievements.map((item) => item.key)).toContain('first_audio');
    expect((await api.award(reader, 'audio_generated', summaryId)).xpAwarded).toBe(0);

    // Another reader who gets the stored audio at no cost may claim it too; a third who did not, may not.
    const listener = await signUpTestUser(context.app);
    await context.app.inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/audio`,
      headers: bearer(listener.session),
      payload: { language: 'en' },
    });
    expect((await api.award(listener, 'audio_generated', summaryId)).xpAwarded).toBe(10);
    const stranger = await signUpTestUser(context.app);
    expect((await api.xpEvent(stranger, 'audio_generated', summaryId)).statusCode).toBe(404);
  });
});
