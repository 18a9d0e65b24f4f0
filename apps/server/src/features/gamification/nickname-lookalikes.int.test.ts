import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorResponse, ProfileResponse, RankingResponse } from '@summa/shared';
import { buildApp } from '../../app.js';
import { profiles } from '../../db/schema/index.js';
import { gamificationClient } from '../../test/gamification-client.js';
import { useAppWithFakeModels } from '../../test/app-with-fake-models.js';
import { TEST_DATABASES, testConfig } from '../../test/test-app.js';
import { bearer, signUpTestUser, type TestUser } from '../../test/test-users.js';
import { nicknameSkeleton } from './nickname-skeleton.js';

/** Names that pass for 'Admin' or for no name at all (issue 21). */
const IMPERSONATIONS = [
  '\u202Enimda\u200B',
  'Ad\u200Bmin',
  '\u0410dmin', // Cyrillic А
  'ＡＤＭＩＮ',
  '\u200B\u200B\u200B',
  '\u3164\u3164\u3164',
  '\u2800\u2800\u2800',
];

describe.each(TEST_DATABASES)('nickname look-alikes on %s', (kind) => {
  const context = useAppWithFakeModels(kind);
  const api = gamificationClient(() => context.app);

  const signUp = () => signUpTestUser(context.app);
  const storedProfile = async (user: TestUser) => {
    const [row] = await context.database.db
      .select({ nickname: profiles.nickname, skeleton: profiles.nicknameSkeleton })
      .from(profiles)
      .where(eq(profiles.id, user.session.user.id));
    return row;
  };
  const readersWithSkeletonOf = async (name: string) => {
    const [row] = await context.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(profiles)
      .where(eq(profiles.nicknameSkeleton, nicknameSkeleton(name)));
    return row?.total;
  };

  it("refuses names that look like another reader's or draw nothing, and changes nothing", async () => {
    const [owner, other] = await Promise.all([signUp(), signUp()]);
    expect((await api.patchProfile(owner, { nickname: 'Admin' })).statusCode).toBe(200);
    expect((await api.patchProfile(other, { nickname: 'Leitor Calmo' })).statusCode).toBe(200);

    for (const nickname of IMPERSONATIONS) {
      const answer = await api.patchProfile(other, { nickname });
      expect([400, 409], `${JSON.stringify(nickname)}: ${answer.body}`).toContain(answer.statusCode);
      expect(await storedProfile(other)).toEqual({
        nickname: 'Leitor Calmo',
        skeleton: nicknameSkeleton('Leitor Calmo'),
      });
    }
    for (const nickname of ['\u0410dmin', 'ＡＤＭＩＮ', 'AdmIn', 'Adrnin']) {
      const taken = await api.patchProfile(other, { nickname });
      expect(taken.statusCode, nickname).toBe(409);
      expect(taken.json<ErrorResponse>().error.code).toBe('NICKNAME_TAKEN');
    }
    const invisible = await api.patchProfile(other, { nickname: 'Ad\u200Bmin' });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json<ErrorResponse>().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [{ path: 'body.nickname' }],
    });
    expect(await readersWithSkeletonOf('Admin')).toBe(1);
    expect(await api.me(other)).toMatchObject({ profile: { nickname: 'Leitor Calmo' } });

    // Its owner may write it another way, stored in NFKC.
    const rewritten = await api.patchProfile(owner, { nickname: 'ＡＤＭＩＮ' });
    expect(rewritten.json<ProfileResponse>().profile.nickname).toBe('ADMIN');
    expect(await readersWithSkeletonOf('Admin')).toBe(1);
  });

  it('accepts accented names and names in other scripts, in NFKC, each with its skeleton', async () => {
    for (const [sent, stored] of [
      ['João Leitor', 'João Leitor'],
      ['N\u0303andu\u0301', 'Ñandú'],
      ['Zoë', 'Zoë'],
      ['Мария', 'Мария'],
      ['李小龙', '李小龙'],
    ] as const) {
      const reader = await signUp();
      const answer = await api.patchProfile(reader, { nickname: sent });
      expect(answer.statusCode, `${sent}: ${answer.body}`).toBe(200);
      expect(answer.json<ProfileResponse>().profile.nickname).toBe(stored);
      expect(await storedProfile(reader)).toEqual({ nickname: stored, skeleton: nicknameSkeleton(stored) });
    }
    // Those are taken now, in any case and however composed.
    const late = await signUp();
    for (const nickname of ['МАРИЯ', 'Zoe\u0308', 'ÑANDÚ']) {
      expect((await api.patchProfile(late, { nickname })).statusCode, nickname).toBe(409);
    }
  });

  it('of readers taking look-alike names at once, exactly one wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const readers = await Promise.all([signUp(), signUp(), signUp()]);
      // Latin, Cyrillic о and Greek ο: lower() tells them apart, only the skeleton does not.
      const names = [`Bookworm${round}`, `B\u043E\u043Ekworm${round}`, `B\u03BF\u03BFkworm${round}`];
      const answers = await Promise.all(
        readers.map((reader, index) => api.patchProfile(reader, { nickname: names[index] })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await readersWithSkeletonOf(`Bookworm${round}`)).toBe(1);
    }
  });

  it('reads a nickname stored before the rules as it is, and refuses look-alikes of it once the start fills its skeleton', async () => {
    const legacy = await signUp();
    const summaryId = await api.summaryFor(legacy, 'Deep Work');
    await api.award(legacy, 'read_summary', summaryId);
    const stored = '\u202EChief\u200B\u3164';
    await context.database.db
      .update(profiles)
      .set({ nickname: stored, nicknameSkeleton: null })
      .where(eq(profiles.id, legacy.session.user.id));

    expect(await api.me(legacy)).toMatchObject({ profile: { nickname: stored } });
    const board = await context.app.inject({
      method: 'GET',
      url: '/api/ranking?scope=global',
      headers: bearer(legacy.session),
    });
    expect(board.statusCode, board.body).toBe(200);
    const ranking = board.json<RankingResponse>();
    expect(ranking.me?.nickname).toBe(stored);
    expect(ranking.entries.find((entry) => entry.isMe)?.nickname).toBe(stored);
    // Its owner can still change the rest of the profile.
    expect((await api.patchProfile(legacy, { timeZone: 'Europe/Lisbon' })).statusCode).toBe(200);
    expect((await storedProfile(legacy))?.nickname).toBe(stored);

    // Another instance starting on the same database fills the skeletons left empty.
    const restarted = await buildApp({ config: testConfig(), database: context.database });
    try {
      await restarted.ready();
      expect(await storedProfile(legacy)).toEqual({ nickname: stored, skeleton: nicknameSkeleton('Chief') });
      const newcomer = await signUp();
      for (const nickname of ['Chief', 'CHIEF', '\u0421hief']) {
        const answer = await api.patchProfile(newcomer, { nickname });
        expect(answer.statusCode, nickname).toBe(409);
      }
    } finally {
      await restarted.close();
    }
  });
});
