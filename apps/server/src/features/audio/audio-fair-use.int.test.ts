import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { AudioResponse, ErrorResponse, GenerateSummaryResponse, Language } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import type { DatabaseKind } from '../../db/database.js';
import { bookAudio, bookSummaries, userSubscriptions } from '../../db/schema/index.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../test/fake-llm-server.js';
import { startFakeTtsServer, type FakeTtsServer } from '../../test/fake-tts-server.js';
import { bookResponder } from '../../test/summary-responder.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { bearer, signUpTestUser, type TestUser } from '../../test/test-users.js';

function expectRefused(
  response: LightMyRequestResponse,
  code: 'AUDIO_RATE_LIMITED' | 'AUDIO_BUSY',
  language: Language,
  maxSeconds: number,
) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(response.json<ErrorResponse>()).toEqual({
    error: { code, message: translations[language].errors[code] },
  });
}

/** An app whose narrations go to a fake speech server, with the audio fair-use limits of `limits`. */
function audioApp(kind: DatabaseKind, limits: Record<string, string>) {
  const servers: { llm?: FakeLlmServer; tts?: FakeTtsServer; context?: TestContext } = {};
  beforeAll(async () => {
    servers.llm = await startFakeLlmServer({ responder: bookResponder() });
    servers.tts = await startFakeTtsServer();
    servers.context = await createTestApp(kind, {
      env: {
        LLM_BASE_URL: servers.llm.baseUrl,
        LLM_MODEL: 'fake-model',
        TTS_PROVIDER: 'openai-compatible',
        TTS_BASE_URL: servers.tts.baseUrl,
        ...limits,
      },
    });
  });
  afterAll(async () => {
    await servers.context?.close();
    await Promise.all([servers.llm?.close(), servers.tts?.close()]);
  });
  beforeEach(() => servers.tts?.reset());

  const context = () => {
    if (!servers.context || !servers.tts) throw new Error('the app has not started');
    return { ...servers.context, tts: servers.tts };
  };
  const premiumReader = async (): Promise<TestUser> => {
    const user = await signUpTestUser(context().app);
    await context()
      .database.db.update(userSubscriptions)
      .set({ plan: 'premium' })
      .where(eq(userSubscriptions.userId, user.session.user.id));
    return user;
  };
  /** `count` stored summaries in English: one generated, the rest copies of it under other keys. */
  const summaries = async (reader: TestUser, count: number): Promise<string[]> => {
    const { app, database } = context();
    const made = await app.inject({
      method: 'POST',
      url: '/api/summaries',
      headers: bearer(reader.session),
      payload: {
        bookTitle: `Narrated ${randomUUID().slice(0, 8)}`,
        bookAuthor: 'Ann Author',
        language: 'en',
      },
    });
    expect(made.statusCode).toBe(200);
    const firstId = made.json<GenerateSummaryResponse>().summaryId;
    if (count === 1) return [firstId];
    const [source] = await database.db.select().from(bookSummaries).where(eq(bookSummaries.id, firstId));
    if (!source) throw new Error('no stored summary');
    const copies = await database.db
      .insert(bookSummaries)
      .values(
        Array.from({ length: count - 1 }, (_, index) => ({
          ...source,
          id: randomUUID(),
          normKey: `${source.normKey}#${index}`,
        })),
      )
      .returning({ id: bookSummaries.id });
    return [firstId, ...copies.map((copy) => copy.id)];
  };
  const narrate = (reader: TestUser, summaryId: string, language: Language = 'en', stream = false) =>
    context().app.inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/audio`,
      headers: {
        ...bearer(reader.session),
        'accept-language': language,
        ...(stream ? { accept: 'text/event-stream' } : {}),
      },
      payload: { language: 'en' },
    });
  /** The summaries that have narration parts, finished or not: each is a synthesis started. */
  const synthesized = async (ids: readonly string[]) => {
    const rows = await context().database.db.select({ summaryId: bookAudio.bookSummaryId }).from(bookAudio);
    return new Set(rows.map((row) => row.summaryId).filter((id) => ids.includes(id)));
  };
  return { context, premiumReader, summaries, narrate, synthesized };
}

describe.each(TEST_DATABASES)('fair use of narrations per reader on %s', (kind) => {
  // Empty: the default of AUDIO_LIMIT_PER_USER_PER_HOUR (20), as in production.
  const { context, premiumReader, summaries, narrate, synthesized } = audioApp(kind, {
    AUDIO_LIMIT_PER_USER_PER_HOUR: '',
  });

  it('lets a Premium reader start 20 of 35 concurrent narrations; the rest wait, in their language', async () => {
    const reader = await premiumReader();
    const ids = await summaries(reader, 35);
    const languages: Language[] = ['pt', 'en', 'es'];
    const responses = await Promise.all(
      ids.map((id, index) => narrate(reader, id, languages[index % 3], index % 2 === 0)),
    );
    const answered = ids.filter((_, index) => responses[index]?.statusCode === 200);
    expect(answered).toHaveLength(20);
    for (const [index, response] of responses.entries()) {
      // Refused before any stream opens, whether or not one was asked for.
      if (response.statusCode !== 200)
        expectRefused(response, 'AUDIO_RATE_LIMITED', languages[index % 3]!, 180);
    }
    // Only the admitted ones reached the speech provider, and each of them once.
    expect(await synthesized(ids)).toEqual(new Set(answered));
    const parts = await context().database.db.select().from(bookAudio);
    expect(context().tts.requests).toHaveLength(
      parts.filter((part) => answered.includes(part.bookSummaryId)).length,
    );

    // A stored narration never counts: it is still answered, to this reader and to another.
    const calls = context().tts.requests.length;
    const again = await narrate(reader, answered[0]!);
    expect(again.statusCode).toBe(200);
    expect(again.json<AudioResponse>().cached).toBe(true);
    const other = await premiumReader();
    expect((await narrate(other, answered[1]!)).json<AudioResponse>().cached).toBe(true);
    // A new one is still refused, and nothing reached the provider.
    const refused = ids.find((id) => !answered.includes(id));
    expectRefused(await narrate(reader, refused!, 'pt'), 'AUDIO_RATE_LIMITED', 'pt', 180);
    expect(context().tts.requests).toHaveLength(calls);
  });

  it("counts one start for a reader's concurrent requests for one narration, and refuses them all past the limit", async () => {
    const reader = await premiumReader();
    const [first, ...rest] = await summaries(reader, 21);
    // Thirty tabs ask for one narration at once: one synthesis, one start of the hourly twenty.
    const tabs = await Promise.all(Array.from({ length: 30 }, () => narrate(reader, first!)));
    expect(tabs.map((response) => response.statusCode)).toEqual(tabs.map(() => 200));
    expect(await synthesized([first!])).toEqual(new Set([first]));
    const calls = context().tts.requests.length;
    expect(calls).toBe(tabs[0]!.json<AudioResponse>().parts.length);
    // Nineteen more new narrations use the rest of the hour.
    for (const id of rest.slice(0, 19)) expect((await narrate(reader, id)).statusCode).toBe(200);
    // Past the limit, two tabs asking at once for a new narration are both refused: a request
    // never shares a hold that fair use has not admitted.
    const last = rest[19]!;
    const refused = await Promise.all([narrate(reader, last), narrate(reader, last)]);
    for (const response of refused) expectRefused(response, 'AUDIO_RATE_LIMITED', 'en', 180);
    expect(await synthesized([last])).toEqual(new Set());
  });
});

describe.each(TEST_DATABASES)('fair use of narrations across readers on %s', (kind) => {
  const GLOBAL = 3;
  const { context, premiumReader, summaries, narrate, synthesized } = audioApp(kind, {
    AUDIO_LIMIT_PER_USER_PER_HOUR: '10',
    AUDIO_LIMIT_GLOBAL_PER_MINUTE: String(GLOBAL),
  });

  it('answers AUDIO_BUSY past the per-minute limit of all readers, and still serves stored narrations', async () => {
    const readers = await Promise.all([1, 2].map(() => premiumReader()));
    const ids = await summaries(readers[0]!, GLOBAL + 2);
    for (const [index, id] of ids.slice(0, GLOBAL).entries()) {
      expect((await narrate(readers[index % 2]!, id)).statusCode).toBe(200);
    }
    const calls = context().tts.requests.length;
    for (const [index, language] of (['es', 'pt'] as const).entries()) {
      expectRefused(
        await narrate(readers[index]!, ids[GLOBAL + index]!, language, true),
        'AUDIO_BUSY',
        language,
        60,
      );
    }
    expect(context().tts.requests).toHaveLength(calls);
    expect(await synthesized(ids.slice(GLOBAL))).toEqual(new Set());
    const stored = await narrate(readers[1]!, ids[0]!);
    expect(stored.statusCode).toBe(200);
    expect(stored.json<AudioResponse>().cached).toBe(true);
  });
});
