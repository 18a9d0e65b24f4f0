import { QUEUES, type JobQueue, type JobQueueLog } from './job-queue.js';

/**
 * The cluster's periodic upkeep, on the queue's schedules (ADR 0031): each tick makes one job for
 * the whole cluster, which one worker runs. Each task is idempotent, so a retried tick costs
 * nothing but a query.
 */
export interface UpkeepTasks {
  /** Work leases and plan holds that lapsed a while ago (their owners died or forgot them). */
  leases(): Promise<number>;
  /** The rank counts of weeks long over (a week's ranking is shown during its week only). */
  rankCounts(): Promise<number>;
  /** The files and rows of narrations whose synthesis died (no live lease on them any more). */
  audioLeftovers(): Promise<number>;
}

/** Every minute; each task's job runs on one worker of the cluster. */
const SCHEDULE = '* * * * *';

/** Registers the schedules (kept in the database: several workers registering them make one) and runs their jobs. */
export async function startUpkeep(queue: JobQueue, tasks: UpkeepTasks, log: JobQueueLog): Promise<void> {
  await queue.work<{ task?: string }>(QUEUES.upkeep, async (data) => {
    const task = data.task as keyof UpkeepTasks | undefined;
    if (!task || !(task in tasks)) return;
    const removed = await tasks[task]();
    if (removed > 0) log.info({ task, removed }, 'upkeep removed what was left over');
  });
  for (const task of Object.keys(tasks)) await queue.schedule(QUEUES.upkeep, task, SCHEDULE);
}

/**
 * The daily reminders' tick (ADR 0035): one job per minute for the cluster. A tick that runs twice
 * (a retry, a second worker) sends nothing twice: each reminder is claimed before it is sent.
 */
export async function startReminderTicks(queue: JobQueue, tick: () => Promise<unknown>): Promise<void> {
  await queue.work(QUEUES.reminders, async () => {
    await tick();
  });
  await queue.schedule(QUEUES.reminders, 'reminders', SCHEDULE);
}

/** Every five minutes: the covers whose time came (new books, failures' back-off) are looked up. */
const COVERS_SCHEDULE = '*/5 * * * *';

/**
 * The catalogue's cover sweep (features/catalog/covers): one job per tick for the cluster, and
 * one more when a worker starts (`sweepCovers`), once the catalogue is in. Sweeps that meet (two
 * workers starting together, a slow sweep and the next tick) fetch nothing twice: each cover is
 * claimed before it is fetched.
 */
export async function startCoverSweeps(
  queue: JobQueue,
  sweep: (() => Promise<void>) | undefined,
): Promise<void> {
  // COVERS_FETCH=off: a schedule an earlier start made would queue jobs nobody runs.
  if (!sweep) {
    await queue.unschedule(QUEUES.covers, 'covers');
    return;
  }
  await queue.work(QUEUES.covers, async () => {
    await sweep();
  });
  await queue.schedule(QUEUES.covers, 'covers', COVERS_SCHEDULE);
}

/** Queues a sweep of the covers now (a worker's start; tests), which a worker runs. */
export async function sweepCovers(queue: JobQueue): Promise<void> {
  await queue.send(QUEUES.covers, { task: 'covers' });
}
