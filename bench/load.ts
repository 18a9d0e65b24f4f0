// Mixed load benchmark: `npm run bench:load` (issue 26). On the machine's PostgreSQL
// (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) it creates a scratch
// database, migrates it as the app does, seeds READERS readers with a year of XP (default
// 20,000), SUMMARIES stored summaries with their narrations, and REQUESTERS signed-in readers
// (default 2,000) with HISTORY summaries each; then it starts the app in this process (built as
// `npm start` builds it, METRICS_TOKEN set as in production, fair-use limits off to measure the
// work itself) and sends, with wrk, the mixed workload of bench/load-workload.ts: search,
// Explore, summary reads, XP awards, rankings, history, audio URL reads, profile and a bare
// route, one wrk process per endpoint, all at once, CONNECTIONS connections in all (default 200)
// for DURATION seconds (default 60) after WARMUP seconds (default 5). Each run's connections open
// first and wait HOLD_FIRST_MS (default 1000) before their first request, so that the requests go
// on connections already open, as behind the proxy that keeps its connections to the web
// instances (HOLD_FIRST_MS=0: each connection sends as soon as it opens, the figures of stop 38
// and before, whose p99 on the routes answered from memory was the new connections', deploy.md). Then each endpoint alone
// with one connection (ALONE seconds, default 3: its own service time). Prints one JSON object:
// per endpoint p50, p99 and requests per second in the mixed run, its throughput per connection
// against the bare route's in the same run, and the targets (zero errors, p99 <= 100 ms), with
// about the fewest cores the server's own work needs to meet the p99 at these connections (from
// the alone runs' CPU: `targets.serverCoresForTarget`).
// Each endpoint's alone run also gives what one request costs the server: its CPU (this process's
// process.cpuUsage(), wrk being a process of its own) and its database statements, per request.
// LOAD_WITH_GENERATION=1 then runs the mixed workload three times more: while another process
// generates summaries with the local model (bench/generation-worker.ts, the tiny GGUF of
// ../shared/models), as a worker beside the web server would (behind it and PostgreSQL, as ADR
// 0038's update has it), between a reference run just before and one just after without it, each
// after a warm-up; it prints the three runs' figures, the server's own among them.
// The server's own handling time by route, from its /metrics request histogram over the mixed
// run (`server.handling`), tells time spent in a handler from time spent waiting to be read; the
// per-instance caches' hit rates over the run (`server.cacheHitRates`) tell a cold cache.
// WEB_INSTANCES=n (default 1) shares each endpoint's connections among n web instances on the
// same database: this process's and n - 1 built servers (`npm run build` first) as SUMMA_ROLE=web;
// an endpoint's percentiles are then its slowest instance's, and the CPU, statements, alone runs
// and server figures this process's instance's.
// CPU_PROFILE=file.cpuprofile profiles the mixed run, PROFILE_ALONE=history:file.cpuprofile one
// endpoint's alone run; LOG_LEVEL=error logs failures on stderr. The database is dropped at the
// end, on failure and on Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { Language } from '@summa/shared';
import { buildApp } from '../apps/server/src/app.js';
import { DEFAULT_WORKER_NICE, loadConfig } from '../apps/server/src/config/env.js';
import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import { loadAchievements } from '../apps/server/src/features/gamification/achievements.js';
import { weekStartOf } from '../apps/server/src/features/gamification/rank-counts.js';
import { startServer, type RunningServer } from '../e2e/support/server.js';
import { profiled, type HotSpot } from './cpu-profile.js';
import { mergeSummaries, type LatencySummary } from './latency.js';
import {
  connectionsOf,
  ENDPOINTS,
  requestsFor,
  type Endpoint,
  type LoadReader,
  type Workload,
} from './load-workload.js';
import { readFixtures, seedReaders, seedSummaries, signedInRequesters } from './ranking-seed.js';
import { scratchDatabase, withScratchDatabase } from './scratch-database.js';
import { DEFAULT_HOLD_FIRST_MS, runWrk } from './wrk.js';

const scratch = scratchDatabase('summa_bench_load');
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 200);
const DURATION = Number(process.env.DURATION ?? 60);
const WARMUP = Number(process.env.WARMUP ?? 5);
const ALONE = Number(process.env.ALONE ?? 3);
const READERS = Number(process.env.READERS ?? 20_000);
const REQUESTERS = Number(process.env.REQUESTERS ?? 2_000);
const SUMMARIES = Number(process.env.SUMMARIES ?? 300);
const HISTORY = 30;
const TARGET_P99_MS = 100;
const METRICS_TOKEN = 'bench-load-metrics-token-0123456789';
const WITH_GENERATION = process.env.LOAD_WITH_GENERATION === '1';
const WEB_INSTANCES = Math.max(1, Number(process.env.WEB_INSTANCES ?? 1));
const HOLD_FIRST_MS = Number(process.env.HOLD_FIRST_MS ?? DEFAULT_HOLD_FIRST_MS);
/** PROFILE_ALONE=<endpoint>:<file>: a CPU profile of that endpoint's alone run, written to the file. */
const PROFILE_ALONE = (() => {
  const [endpoint, file] = (process.env.PROFILE_ALONE ?? '').split(':');
  return endpoint && file ? { endpoint, file } : undefined;
})();
const GENERATION_WORKER = fileURLToPath(new URL('./generation-worker.ts', import.meta.url));

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Stored summaries, each with a finished three-part narration in its language, and the readers' histories. */
async function seedLibrary(client: pg.Client, database: DatabaseHandle): Promise<LoadReader[]> {
  const summaryIds = await seedSummaries(client, await readFixtures(), SUMMARIES);
  const { rows } = await client.query<{ id: string; language: Language }>(
    `select id, language::text as language from book_summaries where id = any($1::uuid[])`,
    [summaryIds],
  );
  const summaries = rows.sort((a, b) => summaryIds.indexOf(a.id) - summaryIds.indexOf(b.id));
  // Keys as the app makes them (audio/<yyyy>/<mm>/<uuid>.mp3): the answer signs them; no file is read.
  await client.query(
    `insert into book_audio (book_summary_id, language, part, audio_url, duration_ms, bytes, provider, voice, complete)
     select id, language, part, 'audio/2026/01/' || gen_random_uuid() || '.mp3', 120000, 720000, 'bench', 'bench', true
     from book_summaries cross join generate_series(1, 3) as part where id = any($1::uuid[])`,
    [summaryIds],
  );
  const requesters = await signedInRequesters(client, database, REQUESTERS);
  const readers = requesters.map((requester, index) => ({
    ...requester,
    history: Array.from({ length: HISTORY }, (_, k) => {
      const summary = summaries[(index * 7 + k * 11) % summaries.length];
      if (!summary) throw new Error('no summaries');
      return summary;
    }),
  }));
  await client.query(
    `insert into user_summaries (user_id, summary_id) select * from unnest($1::uuid[], $2::uuid[])
     on conflict do nothing`,
    [
      readers.flatMap((reader) => reader.history.map(() => reader.userId)),
      readers.flatMap((reader) => reader.history.map((summary) => summary.id)),
    ],
  );
  await client.query('vacuum analyze');
  return readers;
}

/** What the server spent while `work` ran, per request: CPU (µs) and database statements. */
async function spentPerRequest<T extends { requests: number }>(
  database: DatabaseHandle,
  work: () => Promise<T>,
): Promise<T & { cpuUsPerRequest: number | null; statementsPerRequest: number | null }> {
  const cpuBefore = process.cpuUsage();
  const statementsBefore = database.poolStats().statements;
  const result = await work();
  const cpu = process.cpuUsage(cpuBefore);
  const statements = database.poolStats().statements - statementsBefore;
  const per = (total: number) =>
    result.requests > 0 ? Math.round((100 * total) / result.requests) / 100 : null;
  return { ...result, cpuUsPerRequest: per(cpu.user + cpu.system), statementsPerRequest: per(statements) };
}

/**
 * The worker of LOAD_WITH_GENERATION: a process generating summaries with the local model, started
 * and loaded before the run; `stop` ends it and answers how many generations it finished. It runs
 * in a session of its own, whose autogroup takes the worker's nice (where the kernel has
 * autogroups): as a worker container with fewer CPU shares would, it then comes after PostgreSQL
 * too, which its own nice alone cannot do from this benchmark's group (ADR 0038's update).
 */
async function startGenerationWorker(): Promise<{ stop: () => Promise<number> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=summa-source', GENERATION_WORKER],
    { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
  );
  // Detached, it would outlive this process's end unless stopped.
  const killWorker = () => child.kill('SIGKILL');
  process.once('exit', killWorker);
  child.once('exit', () => process.off('exit', killWorker));
  const autogroup = `/proc/${child.pid ?? 0}/autogroup`;
  if (existsSync(autogroup)) {
    writeFileSync(autogroup, String(process.env.WORKER_NICE ?? DEFAULT_WORKER_NICE));
  }
  let generated = 0;
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const lines = output.split('\n');
      output = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready') resolve();
        if (line.startsWith('generated ')) generated += 1;
      }
    });
    child.once('exit', (code) => reject(new Error(`the generation worker exited with ${code}`)));
  });
  await ready;
  return {
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      return generated;
    },
  };
}

interface EndpointResult extends LatencySummary {
  connections: number;
  /** Requests per second per connection against the bare route's in the same run (1 = as fast). */
  throughputVsBare: number;
  /**
   * The mean latency the connections actually waited (Little's law: connections / requests per
   * second). wrk corrects its latency figures for coordinated omission: each answer that took
   * longer than a connection's usual interval adds samples for the requests it kept from being
   * sent. A `meanMs` far above this one means its p99 comes from a few long waits, so corrected:
   * the first answers on the run's new connections, which the server reads one per event-loop turn.
   */
  waitedMeanMs: number;
  /** p50 with one connection and nothing else running: the endpoint's own service time. */
  aloneP50Ms: number | null;
  /** The server's CPU per request (µs) with one connection and nothing else running. */
  aloneCpuUsPerRequest: number | null;
  /** Database statements per request (round trips, BEGIN and COMMIT included), alone. */
  aloneStatementsPerRequest: number | null;
  met: boolean;
}

/**
 * Every endpoint's wrk at once, its connections shared among the web instances at `bases` (one wrk
 * per endpoint and instance); XP awards take the pairs from `firstAward` on, each instance its own.
 */
async function mixedRun(
  bases: readonly string[],
  folder: string,
  seconds: number,
  workload: Workload,
  firstAward: number,
) {
  const { readers } = workload;
  const connections = connectionsOf(CONNECTIONS);
  const awards = readers.length * HISTORY;
  const runs = ENDPOINTS.map(async (endpoint) => {
    const requests = requestsFor(endpoint, workload, awards);
    const award = endpoint === 'xpAward';
    const perInstance = await Promise.all(
      bases.map((base, instance) =>
        runWrk({
          base,
          connections:
            Math.floor(connections[endpoint] / bases.length) +
            (instance < connections[endpoint] % bases.length ? 1 : 0),
          seconds,
          file: path.join(folder, `${endpoint}-${instance}.txt`),
          requests: award
            ? requests.slice(firstAward).filter((_, index) => index % bases.length === instance)
            : requests,
          order: award ? 'once' : 'random',
          expected: award ? '"xpAwarded":10' : undefined,
          holdFirstMs: HOLD_FIRST_MS,
        }),
      ),
    );
    return [endpoint, perInstance] as const;
  });
  const measured = await Promise.all(runs);
  return {
    byEndpoint: Object.fromEntries(
      measured.map(([endpoint, perInstance]) => [endpoint, mergeSummaries(perInstance)]),
    ) as Record<Endpoint, LatencySummary>,
    /** Requests this process's instance answered (the first of `bases`): what its CPU was spent on. */
    answeredHere: measured.reduce((sum, [, perInstance]) => sum + (perInstance[0]?.requests ?? 0), 0),
  };
}

async function catalogTitles(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ title: string | null }>(
    `select distinct unnest(array[title, title_en, title_pt, title_es]) as title from books`,
  );
  return rows.flatMap((row) => (row.title && row.title.length >= 3 ? [row.title] : []));
}

async function metricsText(base: string): Promise<string> {
  const answer = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return answer.text();
}

/** Answers by route pattern and bucket bound (seconds, cumulative) from the request histogram. */
function requestBuckets(text: string): Map<string, Map<number, number>> {
  const byRoute = new Map<string, Map<number, number>>();
  const pattern = /^summa_http_request_duration_seconds_bucket\{(.*)\} (\d+)$/;
  for (const line of text.split('\n')) {
    const match = pattern.exec(line);
    if (!match?.[1] || !match[2]) continue;
    const labels = new Map(
      [...match[1].matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key ?? '', value ?? '']),
    );
    const route = `${labels.get('method')} ${labels.get('route')}`;
    const le = labels.get('le');
    const bound = le === '+Inf' ? Infinity : Number(le);
    const buckets = byRoute.get(route) ?? new Map<number, number>();
    buckets.set(bound, (buckets.get(bound) ?? 0) + Number(match[2]));
    byRoute.set(route, buckets);
  }
  return byRoute;
}

/**
 * How long the server itself took (from reading a request to answering it) between two /metrics
 * readings, by route: the share answered within 100 ms and the bucket bound holding the 99th
 * percentile. Set beside wrk's figures, it tells time spent handling from time spent waiting to
 * be read (the event loop, the socket queues, the load generator's own turn on the CPU).
 */
function serverLatencies(before: string, after: string) {
  const start = requestBuckets(before);
  return Object.fromEntries(
    [...requestBuckets(after)].flatMap(([route, buckets]) => {
      const counted = [...buckets]
        .map(([bound, total]) => [bound, total - (start.get(route)?.get(bound) ?? 0)] as const)
        .sort((a, b) => a[0] - b[0]);
      const answered = counted.at(-1)?.[1] ?? 0;
      if (answered < 100) return [];
      const within = (seconds: number) => counted.find(([bound]) => bound >= seconds)?.[1] ?? answered;
      const p99Bound = counted.find(([, total]) => total >= 0.99 * answered)?.[0] ?? Infinity;
      return [
        [
          route,
          {
            answered,
            within100Ms: Math.round((1000 * within(0.1)) / answered) / 1000,
            p99AtMostMs: Number.isFinite(p99Bound) ? p99Bound * 1000 : null,
          },
        ],
      ];
    }),
  );
}

/** Reads of each per-instance cache by result, from the cache counter's series. */
function cacheReads(text: string): Map<string, { hit: number; miss: number }> {
  const reads = new Map<string, { hit: number; miss: number }>();
  for (const match of text.matchAll(
    /^summa_cache_requests_total\{cache="([^"]+)",result="(hit|miss)"\} (\S+)$/gm,
  )) {
    const [, cache = '', result, count] = match;
    const tally = reads.get(cache) ?? { hit: 0, miss: 0 };
    tally[result === 'hit' ? 'hit' : 'miss'] += Number(count);
    reads.set(cache, tally);
  }
  return reads;
}

/** Each cache's share of hits between two scrapes, for the caches read 100 times or more. */
function cacheHitRates(before: string, after: string): Record<string, number> {
  const start = cacheReads(before);
  return Object.fromEntries(
    [...cacheReads(after)].flatMap(([cache, { hit, miss }]) => {
      const hits = hit - (start.get(cache)?.hit ?? 0);
      const reads = hits + miss - (start.get(cache)?.miss ?? 0);
      return reads < 100 ? [] : [[cache, Math.round((1000 * hits) / reads) / 1000]];
    }),
  );
}

/** The server's own figures for what it answered since `metricsBefore` was read. */
async function serverFiguresSince(base: string, metricsBefore: string) {
  const figures = await serverFigures(base);
  const metricsAfter = await metricsText(base);
  return {
    ...figures,
    handling: serverLatencies(metricsBefore, metricsAfter),
    cacheHitRates: cacheHitRates(metricsBefore, metricsAfter),
  };
}

/**
 * The server's own figures after the run, read from /metrics (the event loop's since the last
 * scrape, which starts its figures anew).
 */
async function serverFigures(base: string) {
  const text = await metricsText(base);
  const value = (series: string) => {
    const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
    return line === undefined ? null : Number(line.slice(series.length + 1));
  };
  const seconds = (series: string) => {
    const measured = value(series);
    return measured === null ? null : round1(measured * 1000);
  };
  return {
    eventLoopDelayP50Ms: seconds('nodejs_eventloop_lag_p50_seconds'),
    eventLoopDelayP99Ms: seconds('nodejs_eventloop_lag_p99_seconds'),
    eventLoopDelayMaxMs: seconds('nodejs_eventloop_lag_max_seconds'),
    databasePool: {
      max: value('summa_db_pool_connections{state="max"}'),
      waitingAtEnd: value('summa_db_pool_connections{state="waiting"}'),
    },
  };
}

async function main() {
  const loadAtStart = loadavg().map(round1);
  await withScratchDatabase(
    scratch,
    { dataDirPrefix: 'summa-bench-load-' },
    async ({ client, database, dataDir }) => {
      const seedStarted = performance.now();
      await seedReaders(client, READERS, weekStartOf(new Date()), loadAchievements());
      const config = loadConfig({
        NODE_ENV: 'production',
        // LOG_LEVEL=error shows why a request failed, on stderr (the JSON result goes to stdout).
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
        LOG_FORMAT: 'json',
        DATA_DIR: dataDir,
        COVERS_FETCH: 'off',
        METRICS_TOKEN,
        CATALOG_RATE_LIMIT_PER_MINUTE: '0',
      });
      const app = await buildApp({ config, database, preloadModel: false, logStream: process.stderr });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const others: RunningServer[] = [];
      try {
        // WEB_INSTANCES=n: n - 1 more web instances on the same database, processes of their own
        // (the built server, as `npm start` runs it), as a balancer would share them.
        for (let instance = 1; instance < WEB_INSTANCES; instance += 1) {
          others.push(
            await startServer({
              NODE_ENV: 'production',
              SUMMA_ROLE: 'web',
              DATABASE_URL: scratch.url,
              DATA_DIR: dataDir,
              METRICS_TOKEN,
              CATALOG_RATE_LIMIT_PER_MINUTE: '0',
              // Its log would go to stdout, into the JSON; wrk's firstFailure still shows a failure.
              LOG_LEVEL: 'silent',
              TRUST_PROXY: '',
              PASSWORD_HASH_MEMORY_KIB: '',
              PASSWORD_HASH_PASSES: '',
            }),
          );
        }
        const bases = [base, ...others.map((other) => other.origin)];
        // After the app's start: the catalogue is imported and the signing key made by then.
        const readers = await seedLibrary(client, database);
        const workload: Workload = { readers, titles: await catalogTitles(client) };
        const seedMs = Math.round(performance.now() - seedStarted);
        const folder = await mkdtemp(path.join(tmpdir(), 'summa-bench-wrk-'));
        // Each measured run awards its own slice of the (reader, summary) pairs, once each.
        const awardsPerRun = Math.floor((readers.length * HISTORY) / 6);
        try {
          if (WARMUP > 0) await mixedRun(bases, folder, WARMUP, workload, 0);
          const measure = () => mixedRun(bases, folder, DURATION, workload, awardsPerRun);
          let hot: HotSpot[] | undefined;
          let mixed: Record<Endpoint, LatencySummary>;
          const metricsBefore = await metricsText(base);
          const mixedSpent = await spentPerRequest(database, async () => {
            let run: Awaited<ReturnType<typeof measure>>;
            if (process.env.CPU_PROFILE) {
              const profiledRun = await profiled(process.env.CPU_PROFILE, measure);
              run = profiledRun.result;
              hot = profiledRun.hot;
            } else {
              run = await measure();
            }
            mixed = run.byEndpoint;
            // This process's CPU and statements were spent on its own instance's answers only.
            return { requests: run.answeredHere };
          });
          const loadAfterRun = loadavg().map(round1);
          const server = await serverFiguresSince(base, metricsBefore);
          const alone: Partial<
            Record<
              Endpoint,
              { p50Ms: number; cpuUsPerRequest: number | null; statementsPerRequest: number | null }
            >
          > = {};
          let aloneHot: HotSpot[] | undefined;
          for (const endpoint of ENDPOINTS) {
            if (ALONE <= 0) break;
            const requests = requestsFor(endpoint, workload, readers.length * HISTORY);
            const award = endpoint === 'xpAward';
            const aloneRun = () =>
              runWrk({
                base,
                connections: 1,
                seconds: ALONE,
                file: path.join(folder, `${endpoint}-alone.txt`),
                requests: award ? requests.slice(2 * awardsPerRun) : requests,
                order: award ? 'once' : 'random',
              });
            alone[endpoint] = await spentPerRequest(database, async () => {
              if (!PROFILE_ALONE || PROFILE_ALONE.endpoint !== endpoint) return aloneRun();
              const run = await profiled(PROFILE_ALONE.file, aloneRun);
              aloneHot = run.hot;
              return run.result;
            });
          }
          let withGeneration: object | undefined;
          if (WITH_GENERATION) {
            // Reference runs just before and just after, without the worker: the caches' state
            // (a reader's state of a summary lives a minute) then matches the generation run's, which
            // the first mixed run's, minutes earlier, does not.
            // Each of the three runs starts from the same state of the caches: a warm-up first
            // (as the first run had), so that what lived a minute (a reader's state of a summary)
            // and expired while the alone runs or the model's load went on is back in memory.
            // Without it, the run after the model's load started with 40% of those reads missing.
            const warmUp = async () => {
              if (WARMUP > 0) await mixedRun(bases, folder, WARMUP, workload, 0);
            };
            await warmUp();
            const beforeMetrics = await metricsText(base);
            const before = (await mixedRun(bases, folder, DURATION, workload, 3 * awardsPerRun)).byEndpoint;
            const serverBefore = await serverFiguresSince(base, beforeMetrics);
            const worker = await startGenerationWorker();
            let generated = 0;
            let run: Record<Endpoint, LatencySummary>;
            let runMetrics = '';
            try {
              await warmUp();
              runMetrics = await metricsText(base);
              run = (await mixedRun(bases, folder, DURATION, workload, 4 * awardsPerRun)).byEndpoint;
            } finally {
              generated = await worker.stop();
            }
            const serverDuring = await serverFiguresSince(base, runMetrics);
            await warmUp();
            const afterMetrics = await metricsText(base);
            const after = (await mixedRun(bases, folder, DURATION, workload, 5 * awardsPerRun)).byEndpoint;
            const serverAfter = await serverFiguresSince(base, afterMetrics);
            const figures = ({ p50Ms, p99Ms, requestsPerSecond, failures }: LatencySummary) => ({
              p50Ms,
              p99Ms,
              requestsPerSecond,
              failures,
            });
            withGeneration = {
              generationsFinished: generated,
              server: {
                referenceBefore: serverBefore,
                withGeneration: serverDuring,
                referenceAfter: serverAfter,
              },
              endpoints: Object.fromEntries(
                ENDPOINTS.map((endpoint) => [
                  endpoint,
                  {
                    ...figures(run[endpoint]),
                    referenceBefore: figures(before[endpoint]),
                    referenceAfter: figures(after[endpoint]),
                  },
                ]),
              ),
            };
          }
          const connections = connectionsOf(CONNECTIONS);
          const perConnection = (endpoint: Endpoint) =>
            mixed[endpoint].requestsPerSecond / connections[endpoint];
          const endpoints = Object.fromEntries(
            ENDPOINTS.map((endpoint): [Endpoint, EndpointResult] => [
              endpoint,
              {
                connections: connections[endpoint],
                ...mixed[endpoint],
                throughputVsBare: Math.round((100 * perConnection(endpoint)) / perConnection('bare')) / 100,
                waitedMeanMs: Math.round(100_000 / perConnection(endpoint)) / 100,
                aloneP50Ms: alone[endpoint]?.p50Ms ?? null,
                aloneCpuUsPerRequest: alone[endpoint]?.cpuUsPerRequest ?? null,
                aloneStatementsPerRequest: alone[endpoint]?.statementsPerRequest ?? null,
                met: mixed[endpoint].failures === 0 && mixed[endpoint].p99Ms <= TARGET_P99_MS,
              },
            ]),
          );
          const values = Object.values(endpoints);
          // Little's law: an endpoint's connections, each waiting for its answer before it sends the
          // next, get one answer each per mean latency, and the mean stays below the p99 unless a
          // few answers take far longer than the rest. So the target needs about connections / p99
          // answers a second from each endpoint or more; at each answer's CPU alone, that is a
          // floor on the cores the server's own work needs, however it is scheduled. One web
          // process runs its JavaScript on one core.
          const coresNeeded = ENDPOINTS.reduce<number | null>((sum, endpoint) => {
            const cpuUs = alone[endpoint]?.cpuUsPerRequest;
            if (sum === null || cpuUs === null || cpuUs === undefined) return null;
            return sum + ((connections[endpoint] * 1000) / TARGET_P99_MS) * (cpuUs / 1e6);
          }, 0);
          console.log(
            JSON.stringify(
              {
                benchmark: 'load',
                machine: { cores: cpus().length, node: process.version },
                loadAverage: { atStart: loadAtStart, afterMixedRun: loadAfterRun },
                database: 'postgres',
                seeded: {
                  readers: READERS,
                  signedIn: readers.length,
                  summaries: SUMMARIES,
                  history: HISTORY,
                  ms: seedMs,
                },
                connections: CONNECTIONS,
                holdFirstMs: HOLD_FIRST_MS,
                webInstances: WEB_INSTANCES,
                durationS: DURATION,
                total: {
                  requestsPerSecond: values.reduce((sum, result) => sum + result.requestsPerSecond, 0),
                  failures: values.reduce((sum, result) => sum + result.failures, 0),
                  cpuUsPerRequest: mixedSpent.cpuUsPerRequest,
                  statementsPerRequest: mixedSpent.statementsPerRequest,
                },
                targets: {
                  p99Ms: TARGET_P99_MS,
                  zeroErrors: values.every((result) => result.failures === 0),
                  met: values.every((result) => result.met),
                  serverCoresForTarget: coresNeeded === null ? null : Math.round(100 * coresNeeded) / 100,
                },
                endpoints,
                server,
                ...(withGeneration ? { withGeneration } : {}),
                ...(hot ? { cpuProfile: { file: process.env.CPU_PROFILE, hot } } : {}),
                ...(aloneHot && PROFILE_ALONE
                  ? { aloneCpuProfile: { ...PROFILE_ALONE, hot: aloneHot } }
                  : {}),
              },
              null,
              2,
            ),
          );
        } finally {
          await rm(folder, { recursive: true, force: true });
        }
      } finally {
        await Promise.all(others.map((other) => other.stop()));
        await app.close();
      }
    },
  );
}

await main();
