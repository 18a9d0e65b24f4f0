import { describe, expect, it } from 'vitest';
import type { CatalogSearchResponse, HistoryResponse, StoredAudioResponse } from '@summa/shared';
import { eq } from 'drizzle-orm';
import { bookAudio, profiles } from '../db/schema/index.js';
import { useAppWithFakeModels } from '../test/app-with-fake-models.js';
import { gamificationClient } from '../test/gamification-client.js';
import { TEST_DATABASES } from '../test/test-app.js';
import { bearer, signUpTestUser, type TestUser } from '../test/test-users.js';

/**
 * The database round trips of the busiest signed-in reads and of an XP award, once their
 * caches are warm (bench:load's steady state, whose alone runs print each one's statements). Every
 * statement waits for a pool connection under load, so a route that grows one fails here
 * first; a route that loses one should have its figure lowered with it.
 */
const STATEMENTS = {
  /** Plan, page, total and the removed entries in one statement. */
  history: 1,
  /** The profile, the plan and the progress in one statement. */
  profile: 1,
  /** The summary and its finished narration are both kept by the instance. */
  audio: 0,
  /**
   * A reader's first opening of a summary the instance already keeps: their rating read and the
   * opening recorded in their history, in one statement.
   */
  summaryFirstOpen: 1,
  /**
   * The history check with the summary's topic, BEGIN, the reader's standing locked with the
   * award inserted, the progress saved with the rank counts, COMMIT.
   */
  xpAward: 5,
} as const;

/** Repeats, of which the fewest statements count: background work (a session check) only adds. */
const TRIES = 5;

describe.each(TEST_DATABASES)('statements per request on %s', (kind) => {
  const context = useAppWithFakeModels(kind);
  const api = gamificationClient(() => context.app);

  const statements = () => context.database.poolStats().statements;

  /** The fewest statements one request of `send` took, after a first request warmed the caches. */
  const fewestStatements = async (send: (attempt: number) => Promise<void>): Promise<number> => {
    await send(0);
    let fewest = Number.POSITIVE_INFINITY;
    for (let attempt = 1; attempt <= TRIES; attempt += 1) {
      const before = statements();
      await send(attempt);
      fewest = Math.min(fewest, statements() - before);
    }
    return fewest;
  };

  const get = async (reader: TestUser, url: string) => {
    const response = await context.app.inject({ method: 'GET', url, headers: bearer(reader.session) });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('counts every statement, a transaction with its BEGIN and COMMIT', async () => {
    const before = statements();
    await context.database.db.transaction(async (tx) => {
      await tx.select().from(bookAudio).limit(1);
    });
    expect(statements() - before).toBe(3);
  });

  it('reads the history, the profile, a stored narration and a summary, and awards XP, in few statements', async () => {
    const reader = await signUpTestUser(context.app);
    const books = [
      'Deep Work',
      'Atomic Habits',
      'The Lean Startup',
      'Thinking, Fast and Slow',
      'Range',
      'Mindset',
    ];
    const summaryIds: string[] = [];
    for (const title of books) summaryIds.push(await api.summaryFor(reader, title));
    const [narrated] = summaryIds;
    if (!narrated) throw new Error('no summary');
    await context.database.db.insert(bookAudio).values(
      [1, 2, 3].map((part) => ({
        bookSummaryId: narrated,
        language: 'en' as const,
        part,
        audioUrl: `audio/2026/01/${narrated}-${part}.mp3`,
        durationMs: 60_000,
        bytes: 1_000,
        provider: 'test',
        voice: 'test',
        complete: true,
      })),
    );

    const history = await fewestStatements(async () => {
      const answer = (await get(reader, '/api/history')).json<HistoryResponse>();
      expect(answer.total).toBe(books.length);
    });
    const profile = await fewestStatements(async () => {
      expect((await api.me(reader)).progress.summariesGenerated).toBe(books.length);
    });
    const audio = await fewestStatements(async () => {
      const answer = (
        await get(reader, `/api/summaries/${narrated}/audio?language=en`)
      ).json<StoredAudioResponse>();
      expect(answer.audio?.parts).toHaveLength(3);
    });
    const xpAward = await fewestStatements(async (attempt) => {
      const summaryId = summaryIds[attempt];
      if (!summaryId) throw new Error('no summary');
      expect((await api.award(reader, 'read_summary', summaryId)).xpAwarded).toBe(10);
    });

    // Its author opens each summary first, so that the instance keeps it; then another reader
    // opens each for the first time, which adds it to their history.
    for (const summaryId of summaryIds) await get(reader, `/api/summaries/${summaryId}`);
    const other = await signUpTestUser(context.app);
    const summaryFirstOpen = await fewestStatements(async (attempt) => {
      await get(other, `/api/summaries/${summaryIds[attempt] ?? ''}`);
    });
    expect((await get(other, '/api/history')).json<HistoryResponse>().total).toBe(TRIES + 1);

    expect({ history, profile, audio, xpAward, summaryFirstOpen }).toEqual(STATEMENTS);
  });

  it('reads the profiles of readers asking at once in one statement', async () => {
    const timeZones = ['America/Sao_Paulo', 'America/Mexico_City', 'America/Bogota', 'Europe/Lisbon'];
    const readers = await Promise.all(timeZones.map(() => signUpTestUser(context.app)));
    for (const [index, reader] of readers.entries()) {
      await context.database.db
        .update(profiles)
        .set({ timeZone: timeZones[index] })
        .where(eq(profiles.id, reader.session.user.id));
      await api.me(reader); // their session checked and trusted first
    }
    const fewest = await fewestStatements(async () => {
      const answers = await Promise.all(readers.map((reader) => api.me(reader)));
      expect(answers.map((me) => me.profile.timeZone)).toEqual(timeZones);
    });
    expect(fewest).toBe(1);
  });

  it('searches the histories of readers typing at once in one statement, each in their own', async () => {
    const [deep, range, none] = await Promise.all([0, 1, 2].map(() => signUpTestUser(context.app)));
    const deepWork = await api.summaryFor(deep!, 'Deep Work');
    const rangeId = await api.summaryFor(range!, 'Range');
    const searches = [
      { reader: deep!, query: 'deep' },
      { reader: range!, query: 'range' },
      { reader: none!, query: 'deep' },
    ];
    const firstOf = async ({ reader, query }: (typeof searches)[number]) => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/catalog/search',
        headers: bearer(reader.session),
        payload: { query, lang: 'en' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CatalogSearchResponse>().books[0];
    };
    const fewest = await fewestStatements(async () => {
      const firsts = await Promise.all(searches.map(firstOf));
      expect(firsts.map((first) => first && { id: first.id, source: first.source })).toEqual([
        { id: deepWork, source: 'history' },
        { id: rangeId, source: 'history' },
        expect.objectContaining({ source: 'catalog' }),
      ]);
    });
    expect(fewest).toBe(1);
  });
});
