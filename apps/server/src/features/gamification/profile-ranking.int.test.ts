import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResponse, RankingResponse } from '@summa/shared';
import { profiles, rankCounts, readerProgress } from '../../db/schema/index.js';
import { useAppWithFakeModels } from '../../test/app-with-fake-models.js';
import { TEST_DATABASES } from '../../test/test-app.js';
import { bearer, signUpTestUser, type TestUser } from '../../test/test-users.js';
import { gamificationClient } from '../../test/gamification-client.js';
import { rankShard, weekStartOf } from './rank-counts.js';
import { anonymousCode, RankingService } from './ranking.service.js';

describe.each(TEST_DATABASES)('profiles and rankings on %s', (kind) => {
  let storageDir: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'summa-avatars-'));
  });
  afterAll(async () => {
    await rm(storageDir, { recursive: true, force: true });
  });
  const context = useAppWithFakeModels(kind, () => ({ env: { STORAGE_DIR: storageDir } }));
  const api = gamificationClient(() => context.app);

  const ranking = async (user: TestUser, query: string) => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/ranking?${query}`,
      headers: bearer(user.session),
    });
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, ranking: response.json<RankingResponse>() };
  };
  const uploadAvatar = (user: TestUser, body: Buffer, contentType = 'image/png') =>
    context.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { ...bearer(user.session), 'content-type': contentType },
      payload: body,
    });

  /** The rank counts of every scope and XP total equal the readers counted one by one. */
  async function expectRankCountsConsistent(): Promise<void> {
    const { db } = context.database;
    const actual = new Map<string, number>();
    const add = (scope: string, xp: number) => {
      if (xp > 0) actual.set(`${scope}@${xp}`, (actual.get(`${scope}@${xp}`) ?? 0) + 1);
    };
    for (const row of await db.select().from(readerProgress)) {
      add('global', row.xp);
      add(`language:${row.language}`, row.xp);
      add(`week:${row.weekStart}`, row.weekXp);
    }
    const counted = new Map<string, number>();
    for (const row of await db.select().from(rankCounts)) {
      const key = `${row.scope}@${row.xp}`;
      counted.set(key, (counted.get(key) ?? 0) + row.readers);
    }
    for (const [key, readers] of counted) if (readers === 0) counted.delete(key);
    expect(Object.fromEntries(counted)).toEqual(Object.fromEntries(actual));
  }

  it('ranks readers by XP with shared ranks for ties, by nickname or an anonymous label, never by name', async () => {
    const [first, second, third] = [
      await signUpTestUser(context.app, { full_name: 'Ana Secret Name' }),
      await signUpTestUser(context.app, { full_name: 'Bruno Secret Name' }),
      await signUpTestUser(context.app, { full_name: 'Carla Secret Name' }),
    ] as [TestUser, TestUser, TestUser];
    const summaryId = await api.summaryFor(first, 'Deep Work');
    for (const reader of [first, second, third]) {
      await api.open(reader, summaryId);
      await api.award(reader, 'read_summary', summaryId);
    }
    await api.award(first, 'share_summary', summaryId);
    expect((await api.patchProfile(first, { nickname: '<b>Ana</b>' })).statusCode).toBe(200);

    const { body, ranking: global } = await ranking(second, 'scope=global');
    for (const reader of [first, second, third]) {
      expect(body).not.toContain(reader.email);
      expect(body).not.toContain('Secret Name');
    }
    const top = global.entries.filter((entry) =>
      [first, second, third].some((reader) => anonymousCode(reader.session.user.id) === entry.anonymousCode),
    );
    expect(top.map((entry) => entry.nickname)).toEqual(['<b>Ana</b>', null, null]);
    const [ana, bruno, carla] = top as [(typeof top)[0], (typeof top)[0], (typeof top)[0]];
    expect(bruno.rank).toBe(carla.rank);
    expect(bruno.rank).toBeGreaterThan(ana.rank);
    expect(global.me).toMatchObject({ isMe: true, xp: bruno.xp, rank: bruno.rank });
    expect(global.entries.filter((entry) => entry.isMe)).toHaveLength(1);
    await expectRankCountsConsistent();
  });

  it('ranks by interface language, and moves a reader who changes it', async () => {
    const reader = await signUpTestUser(context.app, { signup_language: 'es' });
    const summaryId = await api.summaryFor(reader, 'Grit', 'es');
    await api.award(reader, 'read_summary', summaryId);
    const code = anonymousCode(reader.session.user.id);
    const spanish = (await ranking(reader, 'scope=language')).ranking;
    expect(spanish).toMatchObject({ scope: 'language', language: 'es' });
    expect(spanish.entries.map((entry) => entry.anonymousCode)).toContain(code);
    const english = (await ranking(reader, 'scope=language&lang=en')).ranking;
    expect(english.entries.map((entry) => entry.anonymousCode)).not.toContain(code);
    expect(english.me).toBeNull();

    expect((await api.patchProfile(reader, { preferredLanguage: 'en' })).statusCode).toBe(200);
    const moved = (await ranking(reader, 'scope=language&lang=en')).ranking;
    expect(moved.entries.map((entry) => entry.anonymousCode)).toContain(code);
    expect(moved.me?.isMe).toBe(true);
    await expectRankCountsConsistent();
  });

  it('ranks the week by the XP earned since Monday 00:00 UTC', async () => {
    const reader = await signUpTestUser(context.app);
    const summaryId = await api.summaryFor(reader, 'Drive');
    const gained = (await api.award(reader, 'read_summary', summaryId)).new_xp;
    const weekly = (await ranking(reader, 'scope=weekly')).ranking;
    const since = new Date(weekly.since ?? '');
    expect(since.getUTCDay()).toBe(1);
    expect(since.getUTCHours()).toBe(0);
    expect(Date.now() - since.getTime()).toBeLessThan(7 * 86_400_000);
    expect(weekly.me).toMatchObject({ xp: gained, isMe: true });

    // XP from an earlier week does not count: the reader's week is moved back a week, counts too.
    const userId = reader.session.user.id;
    const thisWeek = weekly.since?.slice(0, 10) ?? '';
    const previousWeek = new Date(Date.parse(`${thisWeek}T00:00:00Z`) - 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const shard = rankShard(userId);
    await context.database.db.transaction(async (tx) => {
      await tx
        .update(readerProgress)
        .set({ weekStart: previousWeek })
        .where(eq(readerProgress.userId, userId));
      await tx
        .update(rankCounts)
        .set({ readers: sql`${rankCounts.readers} - 1` })
        .where(
          and(
            eq(rankCounts.scope, `week:${thisWeek}`),
            eq(rankCounts.xp, gained),
            eq(rankCounts.shard, shard),
          ),
        );
      await tx
        .insert(rankCounts)
        .values({ scope: `week:${previousWeek}`, xp: gained, shard, readers: 1 })
        .onConflictDoUpdate({
          target: [rankCounts.scope, rankCounts.xp, rankCounts.shard],
          set: { readers: sql`${rankCounts.readers} + 1` },
        });
    });
    await expectRankCountsConsistent();
    const after = (await ranking(reader, 'scope=weekly')).ranking;
    expect(after.me).toMatchObject({ xp: 0 });
    expect(after.entries.map((entry) => entry.isMe)).not.toContain(true);
  });

  it('shows the reader outside the top 50 below it, ranked by the readers above', async () => {
    const summaryId = await api.summaryFor(await signUpTestUser(context.app), 'Outliers');
    const readers = await Promise.all(Array.from({ length: 52 }, () => signUpTestUser(context.app)));
    await Promise.all(readers.map((reader) => api.open(reader, summaryId)));
    await Promise.all(readers.map((reader) => api.award(reader, 'read_summary', summaryId)));
    await Promise.all(readers.slice(1).map((reader) => api.award(reader, 'share_summary', summaryId)));
    const newcomer = await signUpTestUser(context.app);
    const { ranking: global } = await ranking(newcomer, 'scope=global');
    expect(global.entries).toHaveLength(50);
    const [withXp] = await context.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(readerProgress)
      .where(sql`${readerProgress.xp} > 0`);
    expect(global.me).toMatchObject({ xp: 0, rank: (withXp?.total ?? 0) + 1, isMe: true });
    const lowest = readers[0] as TestUser;
    const own = (await ranking(lowest, 'scope=global')).ranking;
    const [above] = await context.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(readerProgress)
      .where(sql`${readerProgress.xp} > ${own.me?.xp ?? 0}`);
    expect(own.me?.rank).toBe((above?.total ?? 0) + 1);
    await expectRankCountsConsistent();
  });

  it('keeps nicknames unique whatever their case, also when two readers take one at once', async () => {
    const [ana, bruno, carla] = await Promise.all([1, 2, 3].map(() => signUpTestUser(context.app)));
    const name = `Reader${Date.now() % 100_000}`;
    expect((await api.patchProfile(ana as TestUser, { nickname: name })).statusCode).toBe(200);
    const taken = await api.patchProfile(bruno as TestUser, { nickname: name.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'NICKNAME_TAKEN' } });
    // The owner may change its case.
    expect((await api.patchProfile(ana as TestUser, { nickname: name.toLowerCase() })).statusCode).toBe(200);

    const race = `${name}x`;
    const answers = await Promise.all(
      [bruno, carla].map((reader) => api.patchProfile(reader as TestUser, { nickname: race })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    for (const bad of ['ab', 'a'.repeat(21), 'tab\there', '   ']) {
      expect((await api.patchProfile(ana as TestUser, { nickname: bad })).statusCode).toBe(400);
    }
  });

  it('stores language, time zone and preset, ignores forged fields, and refuses bad values', async () => {
    const reader = await signUpTestUser(context.app);
    const saved = await api.patchProfile(reader, {
      timeZone: 'America/Sao_Paulo',
      avatarPreset: 'owl',
      preferredLanguage: 'es',
      plan: 'premium',
      role: 'admin',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ProfileResponse>().profile).toMatchObject({
      timeZone: 'America/Sao_Paulo',
      avatarPreset: 'owl',
      avatarUrl: '/avatars/owl.svg',
      preferredLanguage: 'es',
      plan: 'free',
    });
    const user = await context.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: bearer(reader.session),
    });
    expect(user.json()).toMatchObject({ user: { role: 'user', plan: 'free', preferred_language: 'es' } });
    for (const bad of [
      { timeZone: 'Mars/Olympus' },
      { avatarPreset: 'dragon' },
      { preferredLanguage: 'fr' },
    ]) {
      expect((await api.patchProfile(reader, bad)).statusCode).toBe(400);
    }
    expect((await api.me(reader)).profile.timeZone).toBe('America/Sao_Paulo');
  });

  it('stores an uploaded avatar as a 256×256 WebP and refuses what is not an image', async () => {
    const reader = await signUpTestUser(context.app);
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const uploaded = await uploadAvatar(reader, png, 'application/octet-stream');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = uploaded.json<ProfileResponse>().profile.avatarUrl ?? '';
    expect(url).toMatch(/^\/api\/files\/avatars\//);
    const file = await context.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/webp');
    const metadata = await sharp(file.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect((await api.me(reader)).profile.avatarUrl).toMatch(/^\/api\/files\/avatars\//);

    const before = await context.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, reader.session.user.id));
    const html = await uploadAvatar(
      reader,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'image/png',
    );
    expect(html.statusCode).toBe(415);
    expect(html.json()).toMatchObject({ error: { code: 'AVATAR_UNSUPPORTED_IMAGE' } });
    const svg = await uploadAvatar(
      reader,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/png',
    );
    expect(svg.statusCode).toBe(415);
    const huge = await uploadAvatar(reader, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: { code: 'AVATAR_TOO_LARGE' } });
    const after = await context.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, reader.session.user.id));
    expect(after).toEqual(before);

    // A preset replaces the upload, and the uploaded file is removed.
    await api.patchProfile(reader, { avatarPreset: 'fox' });
    expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe.each(TEST_DATABASES)('rankings read at most every RANKING_REFRESH_MS on %s', (kind) => {
  const context = useAppWithFakeModels(kind, { env: { RANKING_REFRESH_MS: '60000' } });
  const api = gamificationClient(() => context.app);

  it('shares a board between requests while the reader’s own XP is read live', async () => {
    const leader = await signUpTestUser(context.app);
    const summaryId = await api.summaryFor(leader, 'Deep Work');
    await api.award(leader, 'read_summary', summaryId);
    await api.award(leader, 'share_summary', summaryId);
    const rankingOf = async (user: TestUser) =>
      (
        await context.app.inject({
          method: 'GET',
          url: '/api/ranking?scope=global',
          headers: bearer(user.session),
        })
      ).json<RankingResponse>();
    const before = await rankingOf(leader);
    expect(before.entries).toHaveLength(1);

    const newcomer = await signUpTestUser(context.app);
    expect((await rankingOf(newcomer)).me).toMatchObject({ xp: 0, rank: 2 });
    // Earning XP and changing the profile are seen at once: the reader's cached standing is dropped.
    await api.open(newcomer, summaryId);
    const { new_xp: xp } = await api.award(newcomer, 'read_summary', summaryId);
    expect((await api.patchProfile(newcomer, { nickname: 'Fresh Reader' })).statusCode).toBe(200);
    const after = await rankingOf(newcomer);
    expect(after.me?.nickname).toBe('Fresh Reader');
    // The board is the one read a moment ago; the newcomer's own place is counted against it.
    const withoutMe = ({ entries }: RankingResponse) => entries.map(({ isMe: _isMe, ...entry }) => entry);
    expect(withoutMe(after)).toEqual(withoutMe(before));
    expect(after.me).toMatchObject({ xp, rank: 2, isMe: true });
  });

  it("deletes old weeks' rank counts when a new week's board is first read, keeping last week's", async () => {
    const reader = await signUpTestUser(context.app);
    const { db } = context.database;
    const week = (daysAgo: number) => weekStartOf(new Date(Date.now() - daysAgo * 86_400_000));
    const scopes = { old: `week:${week(21)}`, last: `week:${week(7)}`, current: `week:${week(0)}` };
    const row = (scope: string) => ({ scope, xp: 987_654, shard: 0, readers: 1 });
    await db.insert(rankCounts).values([row(scopes.old), row(scopes.last)]);
    // A service of its own: this app's has read this week's board already.
    const service = new RankingService({ db, profiles: { avatarUrl: async () => null }, refreshMs: 0 });
    await service.ranking(reader.session.user.id, { scope: 'weekly' });
    const left = await db
      .select({ scope: rankCounts.scope })
      .from(rankCounts)
      .where(eq(rankCounts.xp, 987_654));
    expect(left.map((item) => item.scope)).toEqual([scopes.last]);
    await db.delete(rankCounts).where(eq(rankCounts.xp, 987_654));
  });
});
