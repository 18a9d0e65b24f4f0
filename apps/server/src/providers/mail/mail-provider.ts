import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { createOutboxMailProvider } from './outbox-mail.js';
import { createSmtpMailProvider } from './smtp-mail.js';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text: user-supplied values in it are never interpreted as markup. */
  text: string;
  /** Where a reply goes (a contact message's sender); SMTP only, the outbox keeps the body. */
  replyTo?: string;
  /** Extra headers (a reminder's List-Unsubscribe); SMTP only. */
  headers?: Readonly<Record<string, string>>;
}

/** Where a provider says what it did with a message (the outbox does). */
export interface MailLog {
  info(o: object, m: string): void;
}

export interface MailProvider {
  readonly kind: 'outbox' | 'smtp';
  /** `log`: a logger of the job that sends it, whose lines name the request that queued it. */
  send(message: MailMessage, log?: MailLog): Promise<void>;
  close(): Promise<void>;
}

export interface MailSettings {
  smtpUrl: string | undefined;
  from: string;
}

/** SMTP when SMTP_URL is set; otherwise the embedded outbox table. */
export function createMailProvider(
  settings: MailSettings,
  db: Database,
  log: FastifyBaseLogger,
): MailProvider {
  return settings.smtpUrl
    ? createSmtpMailProvider(settings.smtpUrl, settings.from)
    : createOutboxMailProvider(db, log);
}
