import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AudioResponse, StoredAudioResponse } from '@summa/shared';
import { bookAudio } from '../../db/schema/index.js';
import { silentMp3 } from '../../test/fake-tts-server.js';
import { gamificationClient } from '../../test/gamification-client.js';
import { useNarratingApp } from '../../test/narrating-app.js';
import { TEST_DATABASES } from '../../test/test-app.js';
import { bearer, signUpTestUser, type TestUser } from '../../test/test-users.js';
import { readerClient } from '../../test/reader-client.js';

/** Every file under a folder, relative to it. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe.each(TEST_DATABASES)('audio on %s', (kind) => {
  const { context, storageDir } = useNarratingApp(kind);
  const calls = readerClient(() => context.app);
  const xp = gamificationClient(() => context.app);

  const requestAudio = (user: TestUser, summaryId: string, language = 'en') =>
    context.app.inject({
      method: 'POST',
      url: `/api/summaries/${summaryId}/audio`,
      headers: bearer(user.session),
      payload: { language },
    });
  const storedAudio = (user: TestUser, summaryId: string, language = 'en') =>
    context.app.inject({
      method: 'GET',
      url: `/api/summaries/${summaryId}/audio?language=${language}`,
      headers: bearer(user.session),
    });

  it('narrates a summary once, stores its parts, and serves them to everyone after at no cost', async () => {
    const [reader, other] = await Promise.all([signUpTestUser(context.app), signUpTestUser(context.app)]);
    const summaryId = await calls.summaryFor(reader, 'Atomic Habits', 'James Clear');
    expect((await storedAudio(reader, summaryId)).json()).toMatchObject({
      audio: null,
    });

    const made = await requestAudio(reader, summaryId);
    expect(made.statusCode).toBe(200);
    const audio = made.json<AudioResponse>();
    expect(audio).toMatchObject({ summaryId, language: 'en', cached: false, usage: { audiosUsed: 1 } });
    expect(audio.parts.length).toBeGreaterThanOrEqual(4);
    expect(audio.parts.map((part) => part.part)).toEqual(audio.parts.map((_, index) => index + 1));
    expect(context.tts.requests).toHaveLength(audio.parts.length);
    const file = await context.app.inject({ method: 'GET', url: audio.parts[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(file.rawPayload.equals(silentMp3(1))).toBe(true);

    const again = (await requestAudio(other, summaryId)).json<AudioResponse>();
    expect(again).toMatchObject({ cached: true, usage: { audiosUsed: 0 } });
    expect(again.parts.map((part) => part.bytes)).toEqual(audio.parts.map((part) => part.bytes));
    expect((await storedAudio(other, summaryId)).json<StoredAudioResponse>().audio?.parts).toHaveLength(
      audio.parts.length,
    );
    expect(context.tts.requests).toHaveLength(audio.parts.length);
    expect(await calls.usage(reader)).toMatchObject({ audiosUsed: 1 });
  });

  it('refuses an unsupported language, another language than the summary, and an unknown summary', async () => {
    const reader = await signUpTestUser(context.app);
    const summaryId = await calls.summaryFor(reader, 'Deep Work', 'Cal Newport');
    expect((await requestAudio(reader, summaryId, 'fr')).statusCode).toBe(400);
    const other = await requestAudio(reader, summaryId, 'pt');
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ error: { code: 'AUDIO_LANGUAGE_UNAVAILABLE' } });
    expect((await requestAudio(reader, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(context.tts.requests).toEqual([]);
    expect(await calls.usage(reader)).toMatchObject({ audiosUsed: 0 });
  });

  it('stores nothing half-made when a part fails, charges nothing, and can be tried again', async () => {
    const reader = await signUpTestUser(context.app);
    const summaryId = await calls.summaryFor(reader, 'The Power of Habit', 'Charles Duhigg');
    const before = await filesUnder(storageDir());
    // Two parts are spoken and stored, every later one fails.
    context.tts.enqueue({ kind: 'audio' }, { kind: 'audio' });
    context.tts.respondWith(() => ({ kind: 'status', status: 500 }));
    const failed = await requestAudio(reader, summaryId);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error: { code: 'AUDIO_FAILED' } });
    expect(await filesUnder(storageDir())).toEqual(before);
    const rows = await context.database.db.select().from(bookAudio);
    expect(rows.filter((row) => row.bookSummaryId === summaryId)).toEqual([]);
    expect(await calls.usage(reader)).toMatchObject({ audiosUsed: 0 });

    expect(context.tts.requests.length).toBeGreaterThanOrEqual(3);
    context.tts.reset();
    const retried = await requestAudio(reader, summaryId);
    expect(retried.statusCode).toBe(200);
    expect(await calls.usage(reader)).toMatchObject({ audiosUsed: 1 });
  });

  // The XP for an audio (gamification) is checked here, on this file's app and fake voice.
  it('awards audio_generated once the reader has the audio, once per summary', async () => {
    const reader = await signUpTestUser(context.app);
    const summaryId = await calls.summaryFor(reader, 'Make Time', 'Jake Knapp');
    expect((await xp.xpEvent(reader, 'audio_generated', summaryId)).statusCode).toBe(404);
    expect((await requestAudio(reader, summaryId)).statusCode).toBe(200);
    const first = await xp.award(reader, 'audio_generated', summaryId);
    expect(first.xpAwarded).toBe(10);
    expect(first.achievements.map((item) => item.key)).toContain('first_audio');
    expect((await xp.award(reader, 'audio_generated', summaryId)).xpAwarded).toBe(0);

    // Another reader who gets the stored audio at no cost may claim it too; a third who did not, may not.
    const listener = await signUpTestUser(context.app);
    // The summary page opens the summary (it joins the listener's history) before its audio plays.
    await xp.open(listener, summaryId);
    expect((await requestAudio(listener, summaryId)).statusCode).toBe(200);
    expect((await xp.award(listener, 'audio_generated', summaryId)).xpAwarded).toBe(10);
    const stranger = await signUpTestUser(context.app);
    expect((await xp.xpEvent(stranger, 'audio_generated', summaryId)).statusCode).toBe(404);
  });

  // Issue 23: the audio's achievement (first_audio) is earned when the audio is delivered, outside
  // any award; a level it reaches then is announced by the audio_generated award that follows.
  it("announces a level-up the audio's achievement brought with the audio_generated award", async () => {
    const reader = await signUpTestUser(context.app);
    const ids = [
      await calls.summaryFor(reader, 'Atomic Habits', 'James Clear'),
      await calls.summaryFor(reader, 'The Power of Habit', 'Charles Duhigg'),
    ];
    // 95 XP: first_summary 20, two reads 20 and first_read 10, two shares 30 and first_share 15.
    for (const id of ids) {
      expect((await xp.award(reader, 'read_summary', id)).leveled_up).toBe(false);
      expect((await xp.award(reader, 'share_summary', id)).leveled_up).toBe(false);
    }
    expect((await xp.me(reader)).progress).toMatchObject({ xp: 95, level: 1 });

    // first_audio's 15 XP reach level 2 (its 100 XP bonus and level_learner's 25) as the audio is delivered.
    expect((await requestAudio(reader, ids[0]!)).statusCode).toBe(200);
    expect((await xp.me(reader)).progress).toMatchObject({ xp: 95 + 15 + 100 + 25, level: 2 });

    const claimed = await xp.award(reader, 'audio_generated', ids[0]!);
    expect(claimed).toMatchObject({ xpAwarded: 10, leveled_up: true, new_level: 2, new_xp: 245 });
    expect(claimed.achievements.map((item) => item.key)).toEqual(['first_audio', 'level_learner']);
    // Told once: the next award does not announce it again.
    const again = await xp.award(reader, 'read_summary', ids[0]!);
    expect(again).toMatchObject({ leveled_up: false, new_level: 2 });
  });
});
