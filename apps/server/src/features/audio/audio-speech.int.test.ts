import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type AudioResponse, type GenerateSummaryResponse, type Language } from '@summa/shared';
import { buildApp, type App } from '../../app.js';
import { bookAudio, bookSummaries } from '../../db/schema/index.js';
import { decodeMp3 } from '../../test/decode-mp3.js';
import { FAKE_S3_CREDENTIALS, startFakeS3 } from '../../test/fake-s3-server.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../test/fake-llm-server.js';
import { silentMp3, startFakeTtsServer } from '../../test/fake-tts-server.js';
import { bookResponder } from '../../test/summary-responder.js';
import { createTestApp, createTestDatabase, testConfig } from '../../test/test-app.js';
import { bearer, signUpTestUser } from '../../test/test-users.js';
import { narrationParts } from './narration.js';

let llm: FakeLlmServer;
beforeAll(async () => {
  llm = await startFakeLlmServer({ responder: bookResponder() });
});
afterAll(() => llm.close());

async function narrate(app: App, language: Language, bookTitle: string, accept?: string) {
  const reader = await signUpTestUser(app);
  const summary = await app.inject({
    method: 'POST',
    url: '/api/summaries',
    headers: bearer(reader.session),
    payload: { bookTitle, bookAuthor: 'Test Author', language },
  });
  expect(summary.statusCode).toBe(200);
  const summaryId = summary.json<GenerateSummaryResponse>().summaryId;
  const audio = await app.inject({
    method: 'POST',
    url: `/api/summaries/${summaryId}/audio`,
    headers: { ...bearer(reader.session), ...(accept ? { accept } : {}) },
    payload: { language },
  });
  return { summaryId, audio };
}

describe('narration with the embedded eSpeak voice', () => {
  it.each(LANGUAGES)('is speech of a plausible length in %s', async (language) => {
    const storageDir = await mkdtemp(path.join(tmpdir(), 'summa-speech-'));
    const context = await createTestApp('pglite', {
      env: {
        LLM_BASE_URL: llm.baseUrl,
        LLM_MODEL: 'fake-model',
        TTS_PROVIDER: 'local',
        STORAGE_DIR: storageDir,
      },
      // One short part: the first part's limit, and nothing after it would fit in a second part.
      narration: { maxChars: 400, firstPartMaxChars: 400 },
    });
    try {
      const { summaryId, audio } = await narrate(context.app, language, `Speech ${language}`);
      expect(audio.statusCode).toBe(200);
      const [row] = await context.database.db
        .select()
        .from(bookSummaries)
        .where(eq(bookSummaries.id, summaryId));
      const texts = narrationParts(row!, { maxChars: 400, firstPartMaxChars: 400 }).map((part) => part.text);
      const parts = audio.json<AudioResponse>().parts;
      expect(parts).toHaveLength(texts.length);
      // The first part, decoded: speech (not silence) at a speaking rate of 6 to 30 characters a second.
      const file = await context.app.inject({ method: 'GET', url: parts[0]!.url });
      expect(file.statusCode).toBe(200);
      const decoded = await decodeMp3(file.rawPayload);
      expect(decoded.rms).toBeGreaterThan(0.02);
      const charsPerSecond = texts[0]!.length / (decoded.durationMs / 1000);
      expect(charsPerSecond).toBeGreaterThan(6);
      expect(charsPerSecond).toBeLessThan(30);
      expect(Math.abs(decoded.durationMs - parts[0]!.durationMs)).toBeLessThan(500);
    } finally {
      await context.close();
      await rm(storageDir, { recursive: true, force: true });
    }
  });
});

describe('narration storage', () => {
  it('stores the parts in S3 and answers presigned URLs that fetch them', async () => {
    const s3 = await startFakeS3();
    const tts = await startFakeTtsServer();
    const context = await createTestApp('pglite', {
      env: {
        LLM_BASE_URL: llm.baseUrl,
        LLM_MODEL: 'fake-model',
        TTS_PROVIDER: 'openai-compatible',
        TTS_BASE_URL: tts.baseUrl,
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: FAKE_S3_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: FAKE_S3_CREDENTIALS.secretAccessKey,
      },
      narration: { maxChars: 200, firstPartMaxChars: 100 },
    });
    try {
      const { audio } = await narrate(context.app, 'en', 'Stored in S3');
      expect(audio.statusCode).toBe(200);
      const parts = audio.json<AudioResponse>().parts;
      expect(parts.length).toBeGreaterThan(1);
      for (const part of parts) {
        expect(part.url.startsWith(`${s3.endpoint}/`)).toBe(true);
        const response = await fetch(part.url);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(silentMp3(1))).toBe(true);
      }
      const tampered = new URL(parts[0]!.url);
      tampered.searchParams.set('X-Amz-Signature', '0'.repeat(64));
      expect((await fetch(tampered)).status).toBe(403);
    } finally {
      await context.close();
      await Promise.all([s3.close(), tts.close()]);
    }
  });

  it('tells the reader the audio failed and logs why when the storage cannot be written', async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'summa-broken-'));
    const blocker = path.join(scratch, 'not-a-folder');
    await writeFile(blocker, 'a file where the storage folder should be');
    const tts = await startFakeTtsServer();
    const database = await createTestDatabase('pglite');
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({
        LOG_LEVEL: 'warn',
        LLM_BASE_URL: llm.baseUrl,
        LLM_MODEL: 'fake-model',
        TTS_PROVIDER: 'openai-compatible',
        TTS_BASE_URL: tts.baseUrl,
        STORAGE_DIR: path.join(blocker, 'storage'),
      }),
      database,
      logStream: { write: (line) => lines.push(line) },
    });
    await app.ready();
    try {
      const { summaryId, audio } = await narrate(app, 'en', 'Nowhere to store', 'text/event-stream');
      expect(audio.statusCode).toBe(200);
      const last = audio.body.trim().split('\n\n').at(-1) ?? '';
      expect(JSON.parse(last.replace(/^[\s\S]*?data:/, ''))).toMatchObject({
        type: 'error',
        code: 'AUDIO_FAILED',
      });
      const failure = lines.find((line) => line.includes('audio synthesis failed'));
      expect(failure).toMatch(/ENOTDIR|EEXIST|not a directory/i);
      expect(
        await database.db.select().from(bookAudio).where(eq(bookAudio.bookSummaryId, summaryId)),
      ).toEqual([]);
    } finally {
      await app.close();
      await database.close();
      await tts.close();
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
