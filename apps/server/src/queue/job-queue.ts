import { randomUUID } from 'node:crypto';
import { fromPglite, PgBoss, type Job } from 'pg-boss';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database.js';
import type { Metrics } from '../observability/metrics.js';
import { JOB_TRACE_KEY, jobTrace, runJob, type JobTrace } from '../observability/request-context.js';
import type { JobQueueStats, QueueDepth } from '../ports/job-queue-stats.js';

export interface JobQueueLog {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
  error(o: object, m: string): void;
}

/** The queue's own logger, which makes each job's (its lines name the request that queued it). */
export interface JobQueueLogger extends JobQueueLog {
  child(bindings: { reqId: string }): JobQueueLog;
}

/** The queues of the model and speech work, and of the cluster's schedules. */
export const QUEUES = {
  /** A summary's generation or translation, one job per norm_key at a time. */
  summary: 'summary',
  /** A summary's narration (speech synthesis), one job per summary and language at a time. */
  narration: 'narration',
  /** The cluster's periodic upkeep (queue/schedules.ts), run once per cluster per tick. */
  upkeep: 'upkeep',
  /** The daily reminders' tick (queue/upkeep.ts), once per cluster per minute. */
  reminders: 'reminders',
  /** Outgoing e-mail (queue/mail-jobs.ts): one job per message, built and sent by a worker. */
  mail: 'mail',
  /** The catalogue's cover sweep (queue/upkeep.ts): at a worker's start and every five minutes. */
  covers: 'covers',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

interface QueuePolicy {
  retryLimit: number;
  /** Seconds before a retry; doubled on each one with `retryBackoff`. */
  retryDelay: number;
  retryBackoff?: boolean;
  deadLetter?: string;
  /**
   * Its jobs are always stored, even on the embedded database: nothing is lost when the process
   * dies, and a failed job is retried (a mail whose server refused it), which a job handed to the
   * process's own handler never is.
   */
  stored?: boolean;
}
/**
 * Each queue's retry policy (ADR 0031). A model or speech job retries at once, three times: it
 * fails again only when its worker died or stopped, and a reader is waiting. Its jobs that fail
 * for the last time go to its dead-letter queue, whose worker tells the waiting readers at once.
 */
const QUEUE_POLICIES: Record<QueueName, QueuePolicy> = {
  summary: { retryLimit: 3, retryDelay: 0, deadLetter: 'summary_failed' },
  narration: { retryLimit: 3, retryDelay: 0, deadLetter: 'narration_failed' },
  upkeep: { retryLimit: 3, retryDelay: 0 },
  // A tick's reminders are claimed once per reader and day before sending: a retry never sends twice.
  reminders: { retryLimit: 3, retryDelay: 0 },
  // A refused mail waits 30 s or more, then twice as long each time: two to four hours in all.
  mail: { retryLimit: 8, retryDelay: 30, retryBackoff: true, stored: true },
  // A sweep that failed is the next tick's to do again (its covers' claims run out).
  covers: { retryLimit: 0, retryDelay: 0 },
};

/** The queues whose jobs are always stored (see `QueuePolicy.stored`). */
const STORED_QUEUES = Object.values(QUEUES).filter((name) => QUEUE_POLICIES[name].stored);

/**
 * What a worker does with a job of a queue that failed for the last time (its data, as sent), with
 * a logger whose lines name the request that queued it.
 */
export type ExhaustedHandler = (data: unknown, job: { log: JobQueueLog }) => Promise<void>;

/** The part of a job's data, read back from the queue, that names the request it was queued for. */
const tracedRequest = z.object({ [JOB_TRACE_KEY]: z.object({ requestId: z.string() }) });

export interface JobQueueSettings {
  /**
   * A worker that stops sending heartbeats (killed, frozen) loses its job this long after its last
   * one, and the job goes to another worker. pg-boss allows no less than 10 s.
   */
  heartbeatSeconds: number;
  /** How often the queue's supervisor looks for such jobs (and does its upkeep). */
  superviseSeconds: number;
  /** How many jobs of one queue a worker runs at once. */
  concurrency: number;
  /**
   * How often an idle worker looks for jobs nobody woke it for: retries, which pg-boss's
   * supervisor makes without a notification, and dead letters. Notified queues are polled less
   * often (`notifiedPollSeconds`).
   */
  pollSeconds: number;
}

/**
 * How often a worker of a queue whose jobs wake it still looks for jobs (the retries pg-boss's
 * supervisor makes wake nobody, nor would a lost wake-up): five times pollSeconds, at most every
 * 10 s unless pollSeconds itself is longer. Five times the embedded database's 10 s was 50 s, not
 * the 10 s its settings below promise.
 */
export function notifiedPollSeconds(pollSeconds: number): number {
  return Math.max(pollSeconds, Math.min(pollSeconds * 5, 10));
}

export const DEFAULT_JOB_QUEUE_SETTINGS: JobQueueSettings = {
  heartbeatSeconds: 10,
  superviseSeconds: 5,
  concurrency: 8,
  pollSeconds: 2,
};

/**
 * On the embedded database the queue only holds the schedules and the stored queues' jobs (mail,
 * their retries); every other job runs in the process at once. Each worker loop's poll is a query
 * on the one PGlite connection, on the server's own thread: 8 loops a queue polling every 2 s
 * cost a search-heavy instance about 3% of its CPU (bench:search's profile) and an idle one its
 * sleep. One loop a queue polling every 10 s still takes a retry within 10 s of its time.
 */
const EMBEDDED_JOB_QUEUE_SETTINGS: Partial<JobQueueSettings> = { concurrency: 1, pollSeconds: 10 };

/** A job's payload; the queue adds the request's id and trace, which follow it from web to worker. */
export type JobData = object;

/** What the queue adds to each job's data. */
interface Stamped {
  [JOB_TRACE_KEY]?: JobTrace | undefined;
  /** When the job was sent (epoch ms): its wait is timed from here when a worker starts it. */
  sentAt?: number | undefined;
}

export interface SendOptions {
  /** This job's wait before a retry, instead of its queue's (tests shorten it). */
  retryDelaySeconds?: number | undefined;
  /** The request the job is queued for: the worker's lines for the job name it (`reqId`). */
  requestId?: string | undefined;
}

/** A job as its handler sees it: its id, and a logger whose lines name the request that queued it. */
export interface RunningJob {
  id: string;
  log: JobQueueLog;
}

export type JobHandler<D extends JobData> = (data: D, job: RunningJob) => Promise<void>;

/**
 * The PostgreSQL job queue (pg-boss, ADR 0031) on the app's database: its own schema, migrated by
 * pg-boss at start (several instances may start at once: it takes an advisory lock). On the
 * embedded database it goes through the one PGlite client, so `SUMMA_ROLE=all` on PGlite and a
 * cluster on PostgreSQL run the same code.
 */
export class JobQueue implements JobQueueStats {
  private readonly workerIds = new Map<string, string>();
  /** On the embedded database, this process's handlers, which its jobs go straight to (see `send`). */
  private readonly localHandlers = new Map<
    QueueName,
    (data: JobData & Stamped, id: string) => Promise<void>
  >();
  private readonly exhaustedHandlers = new Map<QueueName, ExhaustedHandler>();
  private stopped = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly metrics: Pick<Metrics, 'jobStarted'>,
    private readonly settings: JobQueueSettings,
    private readonly log: JobQueueLogger,
    /** Whether this process runs workers and the supervisor (roles worker and all). */
    readonly works: boolean,
    /**
     * The embedded database: one process, the only worker there can ever be, whose running jobs
     * die with it (dropped at the next start). A job sent runs here at once instead of being
     * stored and fetched back, which cost every generation several statements on the one PGlite
     * connection (bench:generation). The schedules stay on the queue.
     */
    private readonly inProcess: boolean,
  ) {}

  static async start(options: {
    database: Pick<DatabaseHandle, 'queueTarget'>;
    log: JobQueueLogger;
    metrics: Pick<Metrics, 'jobStarted'>;
    works: boolean;
    settings?: Partial<JobQueueSettings> | undefined;
  }): Promise<JobQueue> {
    const target = options.database.queueTarget;
    const settings = {
      ...DEFAULT_JOB_QUEUE_SETTINGS,
      ...(target.kind === 'pglite' ? EMBEDDED_JOB_QUEUE_SETTINGS : {}),
      ...options.settings,
    };
    const common = {
      useListenNotify: true,
      // Only workers supervise and keep the cron: a web instance sends and reads.
      supervise: options.works,
      schedule: options.works,
      superviseIntervalSeconds: settings.superviseSeconds,
      monitorIntervalSeconds: Math.max(settings.superviseSeconds, 10),
      // Keeps the registry of instances and their throughput off: nothing here reads it.
      persistWarnings: false,
    };
    const boss =
      target.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(target.client), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: target.url, max: 3, application_name: 'summa-queue' });
    boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
    await boss.start();
    for (const name of Object.values(QUEUES)) {
      const { deadLetter, stored: _stored, ...retries } = QUEUE_POLICIES[name];
      const common = { notify: true, heartbeatSeconds: settings.heartbeatSeconds, deleteAfterSeconds: 3_600 };
      // Created first: a queue's dead letter must exist. Its worker polls it (a job lands there from
      // pg-boss's supervisor, which wakes nobody) every 2 s.
      if (deadLetter && !(await boss.getQueue(deadLetter))) {
        await boss.createQueue(deadLetter, {
          ...common,
          notify: false,
          policy: 'standard',
          retryLimit: 1,
          retryDelay: 0,
        });
      }
      const queueOptions = {
        // No queue-side single flight: a job whose worker died stays active until its heartbeat
        // lapses, and a new request must not wait that long. The worker's lease on the key is the
        // single flight (a second job of the key waits for the first's result, or takes over).
        policy: 'standard' as const,
        ...common,
        ...retries,
        ...(deadLetter ? { deadLetter } : {}),
      };
      const existing = await boss.getQueue(name);
      if (!existing) await boss.createQueue(name, queueOptions);
      // A database whose queue an earlier version created without its dead letter.
      else if (deadLetter && existing.deadLetter !== deadLetter) await boss.updateQueue(name, { deadLetter });
    }
    return new JobQueue(
      boss,
      options.metrics,
      settings,
      options.log,
      options.works,
      target.kind === 'pglite' && options.works,
    );
  }

  /** Queues a job. On an instance that also works, its worker is woken at once rather than at its next poll. */
  async send(queue: QueueName, data: JobData, options: SendOptions = {}): Promise<string | null> {
    const stamped = {
      ...data,
      [JOB_TRACE_KEY]: jobTrace(options.requestId),
      sentAt: Date.now(),
    } satisfies Stamped;
    const local = this.inProcess && !QUEUE_POLICIES[queue].stored ? this.localHandlers.get(queue) : undefined;
    if (local) {
      if (this.stopped) throw new Error('the job queue has stopped');
      const id = randomUUID();
      // Its failures are the handler's to tell (the relay's 'failed'); one it throws is its last
      // here, as nothing would take the job again on this database: it goes to the queue's
      // exhausted handler at once, as a dead-lettered job would on PostgreSQL.
      void local(stamped, id).catch(async (error: unknown) => {
        const log = this.logOf(stamped[JOB_TRACE_KEY]);
        log.error({ err: error, queue, jobId: id }, 'a job failed for the last time');
        await this.exhaustedHandlers
          .get(queue)?.(stamped, { log })
          .catch((exhaustedError: unknown) =>
            log.error({ err: exhaustedError, queue, jobId: id }, 'could not tell a failed job'),
          );
      });
      return id;
    }
    const id = await this.boss.send(queue, stamped, {
      ...(options.retryDelaySeconds === undefined ? {} : { retryDelay: options.retryDelaySeconds }),
    });
    const workerId = this.workerIds.get(queue);
    if (workerId) this.boss.notifyWorker(workerId);
    return id;
  }

  /**
   * Runs `handler` for the jobs of `queue` on this process (roles worker and all); `exhausted`, for
   * the queue's jobs that failed for the last time (its dead-letter queue's, on PostgreSQL).
   */
  async work<D extends JobData>(
    queue: QueueName,
    handler: JobHandler<D>,
    options: { exhausted?: ExhaustedHandler | undefined } = {},
  ): Promise<void> {
    const run = async (data: D & Stamped, id: string) => {
      const sentAt = data.sentAt ?? Date.now();
      this.metrics.jobStarted(queue, Math.max(0, (Date.now() - sentAt) / 1000));
      const trace = data[JOB_TRACE_KEY];
      await runJob(trace, () => handler(data, { id, log: this.logOf(trace) }));
    };
    this.localHandlers.set(queue, (data, id) => run(data as D & Stamped, id));
    const workerId = await this.boss.work<D & Stamped>(
      queue,
      {
        localConcurrency: this.settings.concurrency,
        pollingIntervalSeconds: this.settings.pollSeconds,
        notifyPollingIntervalSeconds: notifiedPollSeconds(this.settings.pollSeconds),
      },
      async ([job]: Job<D & Stamped>[]) => {
        if (job) await run(job.data, job.id);
      },
    );
    this.workerIds.set(queue, workerId);
    const deadLetter = QUEUE_POLICIES[queue].deadLetter;
    const exhausted = options.exhausted;
    if (!exhausted || !deadLetter) return;
    this.exhaustedHandlers.set(queue, exhausted);
    await this.boss.work(
      deadLetter,
      {
        localConcurrency: Math.min(2, this.settings.concurrency),
        pollingIntervalSeconds: this.settings.pollSeconds,
      },
      async ([job]: Job[]) => {
        if (!job) return;
        // A dead letter's data is read back as stored: its trace is checked before it is used.
        const traced = tracedRequest.safeParse(job.data);
        await exhausted(job.data, {
          log: this.logOf(traced.success ? traced.data[JOB_TRACE_KEY] : undefined),
        });
      },
    );
  }

  /** The logger for a job's lines: they name the request that queued it, when one did. */
  private logOf(trace: JobTrace | undefined): JobQueueLog {
    return trace?.requestId ? this.log.child({ reqId: trace.requestId }) : this.log;
  }

  /** A cron schedule, kept in the database: one job per tick for the whole cluster. */
  async schedule(queue: QueueName, name: string, cron: string): Promise<void> {
    await this.boss.schedule(queue, cron, { task: name }, { key: name, singletonKey: name });
  }

  /** Removes a schedule made by `schedule` (one a configuration no longer wants; nothing if there is none). */
  async unschedule(queue: QueueName, name: string): Promise<void> {
    await this.boss.unschedule(queue, name);
  }

  /** JobQueueStats: the jobs waiting and running per queue, in one query. */
  async depth(): Promise<readonly QueueDepth[]> {
    if (this.stopped) return [];
    const rows = await this.boss.getDb().executeSql(
      `select name, count(*) filter (where state in ('created', 'retry'))::int as queued,
              count(*) filter (where state = 'active')::int as active
         from pgboss.job where state < 'completed' group by name`,
    );
    const found = new Map(
      (rows.rows as { name: string; queued: number; active: number }[]).map((row) => [row.name, row]),
    );
    return Object.values(QUEUES).map((queue) => ({
      queue,
      queued: found.get(queue)?.queued ?? 0,
      active: found.get(queue)?.active ?? 0,
    }));
  }

  /**
   * The embedded database at start: its one process died with the jobs it was running, whose
   * readers died with it; they are dropped rather than left active until their heartbeat lapses.
   */
  async dropActive(): Promise<number> {
    // A stored queue's job (a mail) is kept: its heartbeat lapses and it is tried again.
    const rows = await this.boss
      .getDb()
      .executeSql(`delete from pgboss.job where state = 'active' and name <> all($1) returning id`, [
        STORED_QUEUES,
      ]);
    return rows.rows.length;
  }

  /** How many jobs of `queue` wait to run or are running (not those waiting for a retry). */
  async pending(queue: QueueName): Promise<number> {
    if (this.stopped) return 0;
    const rows = await this.boss
      .getDb()
      .executeSql(
        `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'active')`,
        [queue],
      );
    return (rows.rows as { n: number }[])[0]?.n ?? 0;
  }

  /** Stops fetching; running jobs get `graceMs` to finish, then the process may go (their jobs retry elsewhere). */
  async stop(graceMs: number): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.boss.stop({ graceful: true, timeout: Math.max(graceMs, 1) });
  }
}
