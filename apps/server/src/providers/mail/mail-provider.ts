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

export interface MailProvider {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
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
