import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { MailMessage } from '../providers/mail/mail-provider.js';

/** A kind of queued mail (Mailer.define): what a caller hands over to have one sent. */
export interface QueuedMail<D> {
  /**
   * Queues the mail in the background, so that a response takes as long whether or not a message
   * goes out (its builder may decide there is none). A failure to queue it is logged.
   * `requestId`: the request it is queued for, which the worker's lines about it name.
   */
  dispatch(data: D, requestId?: string): void;
  /** Queues the mail and resolves once it is stored in the queue (a job that must not end before). */
  enqueue(data: D, requestId?: string): Promise<void>;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  /** Sends at once, in the caller's time: for a caller who must tell whether it went (the contact form). */
  send(message: MailMessage): Promise<void>;
  /**
   * Declares a kind of mail sent as a job of the queue (ADR 0031): its data (ids and the like,
   * never a secret) is stored in the job, and the worker that runs it builds the message with
   * `build` (a link's one-time token is made there) and sends it, retried with back-off when the
   * mail server refuses it. Every role declares the same kinds, at start.
   */
  define<D extends object>(
    name: string,
    data: z.ZodType<D>,
    build: (data: D) => Promise<MailMessage | undefined>,
  ): QueuedMail<D>;
  /**
   * Resolves once every mail dispatched so far is queued and, on a process that runs the queue's
   * workers, once no mail job waits or runs (those waiting for a retry aside): tests, shutdown.
   */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

/** Hands the app's mailer (composition.ts builds it on the job queue) to routes and tests as `app.mail`. */
export const mailPlugin = fp(async (app: FastifyInstance, { mailer }: { mailer: Mailer }) => {
  app.decorate('mail', mailer);
});
