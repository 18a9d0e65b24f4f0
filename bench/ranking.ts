// Ranking and XP award benchmark: `npm run bench:ranking` (Gamification, issue #12). On the
// machine's PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) it
// creates a database of its own, migrates it as the app does, seeds READERS readers (default
// 1,000,000) with a year of XP in SQL, checks the service's ranks against a naive count on a
// sample, then starts the app in this process and measures with wrk (bench/ranking-load.ts;
// `apt-get install wrk`), with CONCURRENCY connections (default 50) each sending as soon as
// answered, a random requester per request (signed in through real sessions and access tokens):
// - GET /api/ranking for the global, language (the reader's own) and weekly boards (target
//   p99 <= 20 ms);
// - POST /api/xp read_summary, each a new (reader, summary) pair (target p99 <= 10 ms);
// and the same calls made on the services in-process, to tell the HTTP share apart. Prints one
// JSON object; the database is dropped at the end, on failure and on Ctrl-C.
import { cpus, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import type { RankingScope } from '@summa/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { loadAchievements } from '../apps/server/src/features/gamification/achievements.js';
import { ProfileService } from '../apps/server/src/features/gamification/profile.service.js';
import { ProgressService } from '../apps/server/src/features/gamification/progress.service.js';
import { weekStartOf } from '../apps/server/src/features/gamification/rank-counts.js';
import { RankingService } from '../apps/server/src/features/gamification/ranking.service.js';
import { SummariesService } from '../apps/server/src/features/summaries/summaries.service.js';
import { scratchDatabase, withScratchDatabase } from './scratch-database.js';
import { runLoad, type LatencySummary, type LoadPlan } from './latency.js';
import { overHttp } from './ranking-load.js';
import {
  checkRankCountTotals,
  readFixtures,
  signedInRequesters,
  seedReaders,
  seedSummaries,
  type SeedResult,
} from './ranking-seed.js';
import { awardPair, pick, type LoadOrder, type Requester, type Scenario } from './ranking-workload.js';

const DATABASE_NAME = 'summa_bench_ranking';
const scratch = scratchDatabase(DATABASE_NAME);
const READERS = Number(process.env.READERS ?? 1_000_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 50);
const REQUESTERS = Number(process.env.REQUESTERS ?? 2_000);
const SUMMARIES = 500;
/**
 * An experiment, off by default: SYNCHRONOUS_COMMIT=off makes the bench database commit without
 * waiting for the WAL flush, to show how much of an award's time that wait is.
 */
const SYNCHRONOUS_COMMIT = process.env.SYNCHRONOUS_COMMIT === 'off' ? 'off' : 'on';
const CHECKED_PER_SCOPE = 20;
/** Over HTTP, wrk measures for a fixed time (DURATION seconds). */
const HTTP_PLAN: LoadPlan = {
  concurrency: CONCURRENCY,
  warmupS: 3,
  minS: Number(process.env.DURATION ?? 10),
  minRequests: 0,
  maxS: Number(process.env.DURATION ?? 10),
};
const SEQUENTIAL_PLAN: LoadPlan = { concurrency: 1, warmupS: 1, minS: 5, minRequests: 0, maxS: 5 };
const IN_PROCESS_PLAN: LoadPlan = {
  ...HTTP_PLAN,
  warmupS: 2,
  minS: 6,
  minRequests: 2_000,
  maxS: 30,
};
const TARGET_P99_MS = { ranking: 20, award: 10 };
const RANKING_SCOPES: RankingScope[] = ['global', 'language', 'weekly'];

interface Services {
  ranking: RankingService;
  progress: ProgressService;
}

/**
 * For `CHECKED_PER_SCOPE` random readers and the top reader of each board, the service's rank
 * must be 1 + the readers of the board with more XP, counted naively.
 */
async function checkRanks(client: pg.Client, services: Services, weekStart: string) {
  const { rows: sample } = await client.query<{ id: string }>(
    `(select id from users order by random() limit $1)
     union all (select user_id from reader_progress order by xp desc limit 1)
     union all (select user_id from reader_progress where week_start = $2::date order by week_xp desc limit 1)`,
    [CHECKED_PER_SCOPE, weekStart],
  );
  let checked = 0;
  for (const scope of RANKING_SCOPES) {
    for (const { id } of sample) {
      const answer = await services.ranking.ranking(id, { scope });
      if (!answer.me) throw new Error(`${scope}: no own position for ${id}`);
      const { rows } = await client.query<{ rank: string }>(
        `with mine as (
           select coalesce(rp.language, p.preferred_language) as language, coalesce(rp.xp, 0) as xp,
                  case when rp.week_start = $2::date then rp.week_xp else 0 end as week_xp
           from profiles p left join reader_progress rp on rp.user_id = p.id where p.id = $1
         )
         select 1 + count(*) as rank from reader_progress, mine
         where case $3
           when 'global' then reader_progress.xp > mine.xp
           when 'language' then reader_progress.language = mine.language and reader_progress.xp > mine.xp
           else reader_progress.week_start = $2::date and reader_progress.week_xp > mine.week_xp
         end`,
        [id, weekStart, scope],
      );
      const expected = Number(rows[0]?.rank);
      if (answer.me.rank !== expected) {
        throw new Error(`${scope}: reader ${id} ranked ${answer.me.rank}, ${expected} by counting`);
      }
      const first = answer.entries[0];
      if (!first || first.rank !== 1 || answer.entries.length !== 50) {
        throw new Error(`${scope}: the top is not 50 entries from rank 1`);
      }
      checked += 1;
    }
  }
  return { readersPerScope: sample.length, checked, mismatches: 0 };
}

/** How often a PostgreSQL backend of the bench database was seen waiting on a lock, while `work` ran. */
interface LockWaits {
  samples: number;
  activeBackends: number;
  waitingOnLock: number;
  byEvent: Record<string, number>;
}

async function sampleLockWaits<T>(
  client: pg.Client,
  work: Promise<T>,
): Promise<{ result: T; waits: LockWaits }> {
  let samples = 0;
  let active = 0;
  let waitingOnLock = 0;
  const byEvent = new Map<string, number>();
  const state = { done: false };
  const sampler = (async () => {
    while (!state.done) {
      const { rows } = await client.query<{ wait_event_type: string | null; wait_event: string | null }>(
        `select wait_event_type, wait_event from pg_stat_activity
         where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      samples += 1;
      active += rows.length;
      for (const row of rows) {
        if (row.wait_event_type === 'Lock') waitingOnLock += 1;
        if (row.wait_event_type) {
          const key = `${row.wait_event_type}:${row.wait_event ?? ''}`;
          byEvent.set(key, (byEvent.get(key) ?? 0) + 1);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    return {
      result: await work,
      waits: { samples, activeBackends: active, waitingOnLock, byEvent: Object.fromEntries(byEvent) },
    };
  } finally {
    state.done = true;
    await sampler;
  }
}

type Verdict = LatencySummary & { targetP99Ms: number; met: boolean };

const verdict = (measured: LatencySummary, target: number): Verdict => ({
  ...measured,
  targetP99Ms: target,
  met: measured.failures === 0 && measured.p99Ms <= target,
});

const round1 = (value: number) => Math.round(value * 10) / 10;

/** One call of a scenario on the services, in this process; an award must be a new one. */
async function callService(
  services: Services,
  scenario: Scenario,
  requesters: readonly Requester[],
  summaryIds: readonly string[],
  sequence: number,
): Promise<void> {
  if (scenario === 'award') {
    const { reader, summaryId } = awardPair(sequence, requesters, summaryIds);
    const result = await services.progress.award(reader.userId, {
      eventType: 'read_summary',
      subjectId: summaryId,
    });
    if (result.xpAwarded !== 10) throw new Error(`award of ${result.xpAwarded} XP: not a new pair`);
    return;
  }
  const reader = pick(requesters);
  await services.ranking.ranking(reader.userId, {
    scope: scenario,
    ...(scenario === 'language' ? { lang: reader.language } : {}),
  });
}

async function main() {
  const loadAtStart = loadavg().map(round1);
  const options = {
    dataDirPrefix: 'summa-bench-ranking-',
    settings: { synchronous_commit: SYNCHRONOUS_COMMIT },
  };
  await withScratchDatabase(scratch, options, async ({ client, database, dataDir }) => {
    const weekStart = weekStartOf(new Date());
    const seedStarted = performance.now();
    const seeded: SeedResult = await seedReaders(client, READERS, weekStart, loadAchievements());
    const summaryIds = await seedSummaries(client, await readFixtures(), SUMMARIES);
    const seedMs = Math.round(performance.now() - seedStarted);
    await checkRankCountTotals(client, weekStart);

    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      // No covers fetched from the internet while measuring.
      COVERS_FETCH: 'off',
    });
    const app = await buildApp({ config, database, preloadModel: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const requesters = await signedInRequesters(client, database, REQUESTERS);
      // XP is earned only for summaries in the reader's history: every requester has opened every one.
      await client.query(
        `insert into user_summaries (user_id, summary_id)
         select reader, summary from unnest($1::uuid[]) reader cross join unnest($2::uuid[]) summary`,
        [requesters.map((requester) => requester.userId), summaryIds],
      );
      // The services as app.ts binds them, for the rank check and the in-process figures.
      const usage = { planOf: async () => 'free' as const };
      const summaries = new SummariesService({ db: app.db, plan: usage });
      const services: Services = {
        ranking: new RankingService({
          db: app.db,
          refreshMs: config.rankingRefreshMs,
          profiles: new ProfileService({ db: app.db, storage: app.storage, plan: usage, log: app.log }),
        }),
        progress: new ProgressService({ db: app.db, summaries, achievements: loadAchievements() }),
      };
      const correctness = await checkRanks(client, services, weekStart);

      const target = (scenario: Scenario) =>
        scenario === 'award' ? TARGET_P99_MS.award : TARGET_P99_MS.ranking;
      const scenarios: Scenario[] = [...RANKING_SCOPES, 'award'];
      // Award running numbers: each run its own range, so no (reader, summary) pair repeats.
      const awardRange = Math.floor((REQUESTERS * SUMMARIES) / 3);
      const http: Partial<Record<Scenario, Verdict>> = {};
      const sequential: Partial<Record<Scenario, Verdict>> = {};
      const inProcess: Partial<Record<Scenario, Verdict>> = {};
      let awardLockWaits: LockWaits | undefined;
      for (const scenario of scenarios) {
        const order = (plan: LoadPlan, firstSequence: number): LoadOrder => ({
          base,
          scenario,
          plan,
          requesters,
          summaryIds,
          firstSequence,
        });
        const measured = await sampleLockWaits(client, overHttp(order(HTTP_PLAN, 0)));
        http[scenario] = verdict(measured.result, target(scenario));
        if (scenario === 'award') awardLockWaits = measured.waits;
        sequential[scenario] = verdict(await overHttp(order(SEQUENTIAL_PLAN, awardRange)), target(scenario));
        inProcess[scenario] = verdict(
          await runLoad(IN_PROCESS_PLAN, (sequence) =>
            callService(services, scenario, requesters, summaryIds, 2 * awardRange + sequence),
          ),
          target(scenario),
        );
      }
      // Awards keep rank_counts in step with reader_progress.
      await checkRankCountTotals(client, weekStart);

      console.log(
        JSON.stringify(
          {
            benchmark: 'ranking',
            machine: {
              cores: cpus().length,
              postgres: (await client.query<{ v: string }>("select current_setting('server_version') as v"))
                .rows[0]?.v,
              synchronousCommit: SYNCHRONOUS_COMMIT,
            },
            readers: seeded.readers,
            seeding: { totalMs: seedMs, ...seeded, summaries: SUMMARIES, xpAwardsSeeded: 0 },
            concurrency: CONCURRENCY,
            loadAverage: { atStart: loadAtStart, atEnd: loadavg().map(round1) },
            requesters: REQUESTERS,
            correctness,
            targets: {
              // The two targets, as this bench reads them.
              rankingsP99At50Concurrent: {
                targetMs: TARGET_P99_MS.ranking,
                ...Object.fromEntries(RANKING_SCOPES.map((scope) => [scope, http[scope]?.p99Ms])),
                met: RANKING_SCOPES.every((scope) => http[scope]?.met === true),
              },
              awardP99: {
                targetMs: TARGET_P99_MS.award,
                oneAtATimeMs: sequential.award?.p99Ms,
                fiftyInFlightMs: http.award?.p99Ms,
                met: sequential.award?.met === true,
              },
            },
            http,
            awardLockWaits,
            // One reader at a time: the service time, without queueing behind 49 others.
            sequentialHttp: sequential,
            inProcess,
          },
          null,
          2,
        ),
      );
    } finally {
      await app.close();
    }
  });
}

await main();
