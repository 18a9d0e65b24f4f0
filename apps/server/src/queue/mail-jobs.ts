import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Mailer, QueuedMail } from '../plugins/mail.js';
import type { MailMessage, MailProvider } from '../providers/mail/mail-provider.js';
import { QUEUES, type JobQueue, type JobQueueLog, type RunningJob } from './job-queue.js';

/** A mail job's data: the kind of mail and what its builder needs (JSON). */
const mailJobSchema = z.object({ mail: z.string().min(1), data: z.unknown() });

interface MailKind {
  data: z.ZodType<object>;
  build: (data: object) => Promise<MailMessage | undefined>;
}

export interface QueuedMailerDeps {
  provider: MailProvider;
  queue: JobQueue;
  log: JobQueueLog;
  /** A refused mail's first wait before it is tried again, instead of the queue's (tests shorten it). */
  retryDelaySeconds?: number | undefined;
}

/** How often `settled` looks for the mail jobs still to run. */
const SETTLE_POLL_MS = 20;

/**
 * Outgoing e-mail as jobs of the `mail` queue (ADR 0031): a request queues the kind of mail and
 * its ids, a worker builds the message and sends it, each job once (pg-boss hands a job to one
 * worker), retried with back-off while the mail server refuses it, and kept in the database
 * meanwhile, so a process that dies loses none. No secret is stored in a job: a link's one-time
 * token is made by the worker that sends it.
 */
export class QueuedMailer implements Mailer {
  private readonly kinds = new Map<string, MailKind>();
  /** Mails being queued in the background (`dispatch`). */
  private readonly queuing = new Set<Promise<void>>();

  constructor(private readonly deps: QueuedMailerDeps) {}

  get kind(): MailProvider['kind'] {
    return this.deps.provider.kind;
  }

  send(message: MailMessage): Promise<void> {
    return this.deps.provider.send(message);
  }

  define<D extends object>(
    name: string,
    data: z.ZodType<D>,
    build: (data: D) => Promise<MailMessage | undefined>,
  ): QueuedMail<D> {
    if (this.kinds.has(name)) throw new Error(`the mail kind ${name} is declared twice`);
    // The worker checks the data with this same schema before building: its type is D there.
    this.kinds.set(name, { data, build: (value) => build(value as D) });
    const { queue, retryDelaySeconds } = this.deps;
    const enqueue = async (value: D, requestId?: string) => {
      await queue.send(QUEUES.mail, { mail: name, data: value }, { retryDelaySeconds, requestId });
    };
    return {
      enqueue,
      dispatch: (value, requestId) => {
        const queued = enqueue(value, requestId)
          .catch((error: unknown) => this.deps.log.error({ err: error, mail: name }, 'mail not queued'))
          .finally(() => this.queuing.delete(queued));
        this.queuing.add(queued);
      },
    };
  }

  /** Runs the mail jobs on this process (roles worker and all). */
  async work(): Promise<void> {
    await this.deps.queue.work(QUEUES.mail, (raw, job) => this.run(raw, job));
  }

  /** Resolves once every mail dispatched so far is queued, or failed to be (shutdown). */
  async queued(): Promise<void> {
    await Promise.allSettled([...this.queuing]);
  }

  async settled(): Promise<void> {
    await this.queued();
    if (!this.deps.queue.works) return;
    while ((await this.deps.queue.pending(QUEUES.mail)) > 0) await sleep(SETTLE_POLL_MS);
  }

  /** Builds and sends one job's mail; a failure throws, and the queue tries the job again later. */
  private async run(raw: unknown, job: RunningJob): Promise<void> {
    const mail = mailJobSchema.parse(raw);
    const kind = this.kinds.get(mail.mail);
    if (!kind) throw new Error(`no mail kind ${mail.mail} is declared`);
    const message = await kind.build(kind.data.parse(mail.data));
    if (!message) return;
    try {
      await this.deps.provider.send(message, job.log);
    } catch (error) {
      job.log.warn({ err: error, mail: mail.mail }, 'mail not sent; it is tried again later');
      throw error;
    }
  }

  /** After the queue stopped: the mail server's connection. */
  close(): Promise<void> {
    return this.deps.provider.close();
  }
}
