/** How many jobs one queue holds at the moment of a scrape. */
export interface QueueDepth {
  queue: string;
  /** Waiting for a worker (created or retrying, not yet started). */
  queued: number;
  /** Started by a worker and not finished. */
  active: number;
}

/**
 * The job queue's figures for /metrics (observability/metrics.ts): implemented by the queue and
 * bound with `Metrics.bindQueue` once it runs; until then the queue series are empty. The wait
 * of each job is reported the other way, by the queue calling `Metrics.jobStarted` when a
 * worker starts it (now minus the job's creation time).
 */
export interface JobQueueStats {
  /** One entry per queue; read on each scrape, so one cheap query at most. */
  depth(): Promise<readonly QueueDepth[]>;
}
