import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { MailProvider } from './mail-provider.js';
import { insertOutboxMessage } from './outbox.repository.js';

/**
 * Stores each message in the mail_outbox table and logs that it did. The body stays out of the
 * log: it may carry a one-time link, and logs travel further than the database.
 */
export function createOutboxMailProvider(db: Database, log: FastifyBaseLogger): MailProvider {
  return {
    kind: 'outbox',
    async send(message, jobLog) {
      const id = await insertOutboxMessage(db, message);
      (jobLog ?? log).info(
        { outboxId: id, to: message.to, subject: message.subject },
        'mail stored in the outbox',
      );
    },
    async close() {},
  };
}
