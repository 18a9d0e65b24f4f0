import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { cacheTallies } from '../cache/memory-cache.js';
import type { PoolStats } from '../db/database.js';
import type { JobQueueStats } from '../ports/job-queue-stats.js';

/** The model and speech work a reader waits for, each counted by how it ended and timed. */
export type WorkKind = 'generation' | 'translation' | 'narration';
/** `cancelled`: every reader left (or the process stopped) before it was done. */
export type WorkOutcome = 'ok' | 'failed' | 'cancelled';
export type ModelCallOutcome = 'ok' | 'failed' | 'aborted';

/** Tokens one model call read and wrote, as far as the provider tells. */
export interface ModelUsage {
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
}

/** What the server's parts record; every method is cheap and never throws. */
export interface Metrics {
  /** A generation, translation or narration ended (on the instance that ran it). */
  workFinished(kind: WorkKind, outcome: WorkOutcome, seconds: number): void;
  /** One call of the summary model ended. */
  modelCall(provider: string, outcome: ModelCallOutcome, seconds: number, usage: ModelUsage): void;
  /** A queued job started, `waitedSeconds` after it was queued (the job queue calls this). */
  jobStarted(queue: string, waitedSeconds: number): void;
  /** Where the queue's depth is read on each scrape; the queue binds itself here once it runs. */
  bindQueue(stats: JobQueueStats): void;
}

/** Records nothing: for code built without an app (benchmarks, unit tests). */
export const NO_METRICS: Metrics = {
  workFinished: () => undefined,
  modelCall: () => undefined,
  jobStarted: () => undefined,
  bindQueue: () => undefined,
};

/** Seconds, from a few milliseconds (a cached read) to a slow request. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds, for work that takes from a second (a hosted model) to minutes (a local model on CPU). */
const WORK_BUCKETS = [0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600];
/** Seconds a queued job waited for a worker. */
const WAIT_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export interface AppMetricsOptions {
  /** The database's connections, read on each scrape. */
  poolStats: () => PoolStats;
  /**
   * The process's own series (CPU, memory, garbage collection, event-loop delay): they start
   * timers of their own, so only a server that is scraped collects them.
   */
  processMetrics: boolean;
}

/** The Prometheus registry of one app, and the recorders its parts call. */
export class AppMetrics implements Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status_code'>;
  private readonly work: Histogram<'kind' | 'outcome'>;
  private readonly modelSeconds: Histogram<'provider' | 'outcome'>;
  private readonly modelTokens: Counter<'provider' | 'direction'>;
  private readonly queueWait: Histogram<'queue'>;
  private queue: JobQueueStats | undefined;

  constructor(options: AppMetricsOptions) {
    const registers = [this.registry];
    if (options.processMetrics) {
      collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    }
    this.requests = new Histogram({
      name: 'summa_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.work = new Histogram({
      name: 'summa_work_duration_seconds',
      help: 'Generations, translations and narrations run on this instance, by outcome.',
      labelNames: ['kind', 'outcome'],
      buckets: WORK_BUCKETS,
      registers,
    });
    this.modelSeconds = new Histogram({
      name: 'summa_model_call_duration_seconds',
      help: 'Calls of the summary model, by provider and outcome.',
      labelNames: ['provider', 'outcome'],
      buckets: WORK_BUCKETS,
      registers,
    });
    this.modelTokens = new Counter({
      name: 'summa_model_tokens_total',
      help: 'Tokens the summary model read (input) and wrote (output).',
      labelNames: ['provider', 'direction'],
      registers,
    });
    this.queueWait = new Histogram({
      name: 'summa_queue_wait_seconds',
      help: 'How long a job waited in the queue before a worker started it.',
      labelNames: ['queue'],
      buckets: WAIT_BUCKETS,
      registers,
    });
    this.cacheSeries(registers);
    this.poolSeries(registers, options.poolStats);
    this.queueSeries(registers);
  }

  /** An answered request; `route` is the matched pattern (`/api/summaries/:id`), never the URL. */
  requestAnswered(method: string, route: string, statusCode: number, seconds: number): void {
    this.requests.observe({ method, route, status_code: statusCode }, seconds);
  }

  workFinished(kind: WorkKind, outcome: WorkOutcome, seconds: number): void {
    this.work.observe({ kind, outcome }, seconds);
  }

  modelCall(provider: string, outcome: ModelCallOutcome, seconds: number, usage: ModelUsage): void {
    this.modelSeconds.observe({ provider, outcome }, seconds);
    if (usage.inputTokens) this.modelTokens.inc({ provider, direction: 'input' }, usage.inputTokens);
    if (usage.outputTokens) this.modelTokens.inc({ provider, direction: 'output' }, usage.outputTokens);
  }

  jobStarted(queue: string, waitedSeconds: number): void {
    this.queueWait.observe({ queue }, waitedSeconds);
  }

  bindQueue(stats: JobQueueStats): void {
    this.queue = stats;
  }

  /** The exposition text and its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  /** Hits and misses of every per-instance cache (cache/memory-cache.ts), read on each scrape. */
  private cacheSeries(registers: Registry[]): void {
    new Counter({
      name: 'summa_cache_requests_total',
      help: 'Reads of the per-instance caches, by cache and result (hit or miss).',
      labelNames: ['cache', 'result'],
      registers,
      collect() {
        this.reset();
        for (const [cache, tally] of cacheTallies()) {
          this.inc({ cache, result: 'hit' }, tally.hits);
          this.inc({ cache, result: 'miss' }, tally.misses);
        }
      },
    });
  }

  private poolSeries(registers: Registry[], poolStats: () => PoolStats): void {
    new Gauge({
      name: 'summa_db_pool_connections',
      help: "The database pool's connections: its size (max), open, idle, and requests waiting for one.",
      labelNames: ['state'],
      registers,
      collect() {
        const stats = poolStats();
        this.set({ state: 'max' }, stats.max);
        this.set({ state: 'open' }, stats.open);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    let counted = 0;
    new Counter({
      name: 'summa_db_statements_total',
      help: 'Statements sent to the database (round trips; a transaction counts its BEGIN and COMMIT).',
      registers,
      collect() {
        const { statements } = poolStats();
        this.inc(Math.max(0, statements - counted));
        counted = statements;
      },
    });
  }

  private queueSeries(registers: Registry[]): void {
    const queueStats = () => this.queue;
    new Gauge({
      name: 'summa_queue_jobs',
      help: 'Jobs in the queue, by queue and state (queued: waiting for a worker; active: running).',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        const queue = queueStats();
        if (!queue) return;
        for (const entry of await queue.depth()) {
          this.set({ queue: entry.queue, state: 'queued' }, entry.queued);
          this.set({ queue: entry.queue, state: 'active' }, entry.active);
        }
      },
    });
  }
}
