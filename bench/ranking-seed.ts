// Seeding for the ranking benchmark (bench/ranking.ts): a million readers in a few SQL
// statements (INSERT ... SELECT over generate_series), never one request per reader.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import {
  AVATAR_PRESETS,
  CATEGORIES,
  LANGUAGES,
  LEVEL_TIERS,
  summaryContentSchema,
  type Language,
} from '@summa/shared';
import { loadOrCreateSecret } from '../apps/server/src/db/app-secrets.repository.js';
import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import { createAccessTokens } from '../apps/server/src/features/auth/tokens.service.js';
import type { Requester } from './ranking-workload.js';
import type {
  AchievementCounter,
  AchievementDefinition,
} from '../apps/server/src/features/gamification/achievements.js';
import { RANK_SHARDS } from '../apps/server/src/features/gamification/rank-counts.js';

/** How a seeded reader's rank_counts shard is computed: `rankShard(userId)` in SQL. */
const SHARD_SQL = `(('x' || substr(user_id::text, 1, 2))::bit(8)::int % ${RANK_SHARDS})`;

/** Level-up bonuses of 100 XP for every tier threshold reached by `xp` (a SQL expression). */
function levelBonusSql(xp: string): string {
  return LEVEL_TIERS.filter((tier) => tier.minXp > 0)
    .map((tier) => `100 * (${xp} >= ${tier.minXp})::int`)
    .join(' + ');
}

/** A reader_progress column for each achievement counter; facts (languages, categories) are not seeded. */
const COUNTER_SQL: Record<AchievementCounter, string | null> = {
  summaries_generated: 'summaries_generated',
  books_read: 'books_read',
  streak: 'streak_longest',
  audios: 'audios',
  shares: 'shares',
  feedbacks: 'feedbacks',
  reviews: 'reviews',
  review_streak: 'review_streak_longest',
  languages: null,
  categories: null,
  level: `(1 + ${LEVEL_TIERS.filter((tier) => tier.minXp > 0)
    .map((tier) => `(xp >= ${tier.minXp})::int`)
    .join(' + ')})`,
};

/**
 * The achievements every seeded reader's counters satisfy, unlocked and already celebrated:
 * otherwise a reader's first award in the benchmark would unlock a year's worth at once.
 */
function achievementsSql(achievements: readonly AchievementDefinition[]): string {
  const rules = achievements.flatMap((achievement) => {
    const column = COUNTER_SQL[achievement.rule.counter];
    return column
      ? [
          `select user_id, '${achievement.key}' from reader_progress where ${column} >= ${achievement.rule.target}`,
        ]
      : [];
  });
  return `
    insert into reader_achievements (user_id, key, unlocked_at, announced_at)
    select user_id, key, now() - interval '1 day', now() - interval '1 day'
    from (${rules.join(' union all ')}) as earned(user_id, key)`;
}

/**
 * One row per reader with what a year of events left behind. Events per reader are lognormal
 * (median 5, a heavy tail up to a few thousand); each event is a read (10 XP), share (15),
 * feedback (5) or audio (10), plus level-up bonuses. Heavy readers are likelier to be active
 * this week; the others keep the week (and week XP) of their last activity.
 */
function stagingSql(readers: number): string {
  return `
    create unlogged table bench_seed as
    with draws as (
      select g as n, random() as r_lang, random() as r_nick, random() as r_avatar,
             greatest(0, least(6000, floor(exp(1.6 + 1.4 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random())))))::int as events,
             random() as r_share, random() as r_feedback, random() as r_audio, random() as r_gen,
             random() as r_active, random() as r_week, random() as r_stale, random() as r_streak
      from generate_series(1, ${readers}) as g
    ), counted as (
      select *, floor(events * 0.08 * r_share)::int as shares,
             floor(events * 0.15 * r_feedback)::int as feedbacks,
             floor(events * 0.10 * r_audio)::int as audios
      from draws
    ), scored as (
      select *, events - shares - feedbacks - audios as reads,
             10 * (events - shares - feedbacks - audios) + 15 * shares + 5 * feedbacks + 10 * audios as event_xp
      from counted
    )
    select n, gen_random_uuid() as user_id,
           (case when r_lang < 0.60 then 'pt' when r_lang < 0.85 then 'es' else 'en' end)::language as lang,
           r_nick < 0.30 as has_nickname,
           case when r_avatar < 0.35 then (array[${AVATAR_PRESETS.map((preset) => `'${preset}'`).join(', ')}])[1 + floor(r_avatar / 0.35 * ${AVATAR_PRESETS.length})::int] end as avatar,
           events, reads, shares, feedbacks, audios,
           floor(reads * 0.35 * r_gen)::int as generated,
           -- Two passes: a bonus can itself reach the next tier.
           event_xp + ${levelBonusSql(`(event_xp + ${levelBonusSql('event_xp')})`)} as xp,
           events > 0 and r_active < 0.12 + 0.6 * (1 - exp(-events / 40.0)) as active_this_week,
           5 * (1 + floor(r_week * least(events, 40) * 2))::int as week_xp_drawn,
           1 + floor(r_stale * 51)::int as weeks_ago,
           r_streak
    from scored`;
}

export interface SeedResult {
  readers: number;
  withProgress: number;
  activeThisWeek: number;
  maxXp: number;
  medianXp: number;
  rankCountRows: number;
  achievementsUnlocked: number;
  ms: {
    staging: number;
    users: number;
    profiles: number;
    progress: number;
    achievements: number;
    rankCounts: number;
    vacuumAnalyze: number;
  };
}

async function timed(step: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await step();
  return Math.round(performance.now() - started);
}

/**
 * Seeds `readers` readers (users, profiles, reader_progress, the achievements they have earned)
 * and rank_counts built from
 * reader_progress exactly as the app keeps them (same scopes, XP and shards). Readers with no
 * events have no progress row, as in the app (it is created by the first activity).
 */
export async function seedReaders(
  client: pg.Client,
  readers: number,
  weekStart: string,
  achievementDefinitions: readonly AchievementDefinition[],
): Promise<SeedResult> {
  await client.query('select setseed(0.42)');
  // Foreign keys hold by construction; their per-row checks would only slow a million inserts.
  await client.query(`set session_replication_role = replica`);
  const staging = await timed(() => client.query(stagingSql(readers)));
  const users = await timed(() =>
    client.query(`
      insert into users (id, email, password_hash, full_name, created_at, updated_at)
      select user_id, 'reader' || n || '@bench.summa.test', null, 'Bench Reader ' || n,
             now() - (r_streak * 700 + 30) * interval '1 day', now()
      from bench_seed`),
  );
  const profiles = await timed(() =>
    client.query(`
      insert into profiles (id, preferred_language, nickname, avatar_preset, time_zone)
      select user_id, lang, case when has_nickname then 'reader_' || n end, avatar,
             case when lang = 'pt' then 'America/Sao_Paulo' when lang = 'es' then 'Europe/Madrid' else 'UTC' end
      from bench_seed`),
  );
  const progress = await timed(() =>
    client.query(
      `
      insert into reader_progress (user_id, xp, language, week_start, week_xp, books_read,
        summaries_generated, audios, shares, feedbacks, streak_current, streak_longest,
        streak_last_day, streak_freezes, updated_at)
      select user_id, xp, lang,
             case when active_this_week then $1::date else $1::date - 7 * weeks_ago end,
             least(xp, week_xp_drawn), reads, generated, audios, shares, feedbacks,
             case when active_this_week then 1 + floor(r_streak * least(events, 20))::int else 0 end,
             1 + floor(r_streak * least(events, 60))::int,
             case when active_this_week then current_date else $1::date - 7 * weeks_ago end,
             least(2, floor(r_streak * 3)::int),
             now() - case when active_this_week then interval '1 hour' else weeks_ago * interval '7 days' end
      from bench_seed where events > 0`,
      [weekStart],
    ),
  );
  const achievements = await timed(() => client.query(achievementsSql(achievementDefinitions)));
  const rankCounts = await timed(() =>
    client.query(
      `
      insert into rank_counts (scope, xp, shard, readers)
      select 'global', xp, ${SHARD_SQL}, count(*) from reader_progress where xp > 0 group by 2, 3
      union all
      select 'language:' || language, xp, ${SHARD_SQL}, count(*) from reader_progress where xp > 0 group by 1, 2, 3
      union all
      select 'week:' || $1, week_xp, ${SHARD_SQL}, count(*) from reader_progress
        where week_start = $1::date and week_xp > 0 group by 2, 3`,
      [weekStart],
    ),
  );
  await client.query('set session_replication_role = origin');
  await client.query('drop table bench_seed');
  // As autovacuum would leave it: statistics, and a visibility map for index-only scans.
  const vacuumAnalyze = await timed(() => client.query('vacuum analyze'));
  const stats = await client.query<{
    with_progress: string;
    active: string;
    max_xp: number;
    median_xp: number;
    rank_rows: string;
    unlocked: string;
  }>(
    `select (select count(*) from reader_progress) as with_progress,
            (select count(*) from reader_progress where week_start = $1::date and week_xp > 0) as active,
            (select max(xp) from reader_progress) as max_xp,
            (select percentile_disc(0.5) within group (order by xp) from reader_progress) as median_xp,
            (select count(*) from rank_counts) as rank_rows,
            (select count(*) from reader_achievements) as unlocked`,
    [weekStart],
  );
  const row = stats.rows[0];
  if (!row) throw new Error('no seed statistics');
  return {
    readers,
    withProgress: Number(row.with_progress),
    activeThisWeek: Number(row.active),
    maxXp: row.max_xp,
    medianXp: row.median_xp,
    rankCountRows: Number(row.rank_rows),
    achievementsUnlocked: Number(row.unlocked),
    ms: { staging, users, profiles, progress, achievements, rankCounts, vacuumAnalyze },
  };
}

/** Checks that rank_counts sums to the readers with XP of every scope: the seed is consistent. */
export async function checkRankCountTotals(client: pg.Client, weekStart: string): Promise<void> {
  const { rows } = await client.query<{ scope: string; counted: string; actual: string }>(
    `with actual as (
       select 'global' as scope, count(*) as n from reader_progress where xp > 0
       union all select 'language:' || language, count(*) from reader_progress where xp > 0 group by language
       union all select 'week:' || $1, count(*) from reader_progress where week_start = $1::date and week_xp > 0
     )
     select actual.scope, coalesce(sum(rank_counts.readers), 0) as counted, actual.n as actual
     from actual left join rank_counts on rank_counts.scope = actual.scope
     group by actual.scope, actual.n`,
    [weekStart],
  );
  for (const row of rows) {
    if (row.counted !== row.actual) {
      throw new Error(
        `rank_counts of ${row.scope}: ${row.counted} readers, reader_progress has ${row.actual}`,
      );
    }
  }
}

/**
 * `count` stored summaries to award XP on, with content from the test fixtures (checked against
 * the contract) and categories spread over the catalogue's.
 */
export async function seedSummaries(
  client: pg.Client,
  fixtures: unknown[],
  count: number,
): Promise<string[]> {
  const parsed = fixtures.map((fixture) => {
    const { title, author, language, content } = fixture as Record<string, unknown>;
    return {
      title: String(title),
      author: String(author),
      language: String(language),
      content: summaryContentSchema.parse(content),
    };
  });
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const fixture = parsed[index % parsed.length];
    if (!fixture) throw new Error('no summary fixtures');
    const { rows } = await client.query<{ id: string }>(
      `insert into book_summaries (norm_key, title, author, language, category, kind, content, related, model)
       values ($1, $2, $3, $4, $5, $6, $7, '[]', 'bench') returning id`,
      [
        `bench:${index}:${fixture.language}`,
        `${fixture.title} (${index})`,
        fixture.author,
        fixture.language,
        CATEGORIES[index % CATEGORIES.length],
        fixture.content.kind,
        JSON.stringify(fixture.content),
      ],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('summary not inserted');
    ids.push(id);
  }
  return ids;
}

/** Sessions for `count` random readers (as a sign-in makes them), with each reader's language. */
async function requesterSessions(client: pg.Client, count: number) {
  const { rows } = await client.query<{ session_id: string; user_id: string; language: string }>(
    `with created as (
       insert into auth_sessions (user_id) select id from users order by random() limit $1
       returning id, user_id
     )
     select created.id as session_id, created.user_id,
            coalesce(reader_progress.language, profiles.preferred_language)::text as language
     from created
     join profiles on profiles.id = created.user_id
     left join reader_progress on reader_progress.user_id = created.user_id`,
    [count],
  );
  return rows;
}

function languageOf(value: string): Language {
  const language = LANGUAGES.find((item) => item === value);
  if (!language) throw new Error(`not a language: ${value}`);
  return language;
}

/**
 * `count` random seeded readers signed in: a session row each, and an access token signed with
 * the app's key (generated at its start and kept in the database) as a sign-in signs it.
 */
export async function signedInRequesters(
  client: pg.Client,
  database: Pick<DatabaseHandle, 'db'>,
  count: number,
): Promise<Requester[]> {
  const sessions = await requesterSessions(client, count);
  const accessTokens = createAccessTokens(await loadOrCreateSecret(database.db, 'jwt'));
  return Promise.all(
    sessions.map(async (session) => ({
      userId: session.user_id,
      language: languageOf(session.language),
      token: (await accessTokens.sign({ userId: session.user_id, sessionId: session.session_id })).token,
    })),
  );
}

const FIXTURES = fileURLToPath(new URL('../apps/server/src/test/fixtures/summaries/', import.meta.url));

/** The summaries of the server's test fixtures, to seed stored summaries with. */
export async function readFixtures(): Promise<unknown[]> {
  const names = (await readdir(FIXTURES)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    names.map(
      async (name): Promise<unknown> =>
        JSON.parse(await readFile(path.join(FIXTURES, name), 'utf8')) as unknown,
    ),
  );
}
