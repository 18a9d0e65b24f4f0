import type { FastifyBaseLogger } from 'fastify';
import {
  CONTACT_HONEYPOT_FIELD,
  fillTemplate,
  translations,
  type AdminContactMessage,
  type ContactRequest,
  type Language,
} from '@summa/shared';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Mailer } from '../../plugins/mail.js';
import type { MailMessage } from '../../providers/mail/mail-provider.js';
import type { AuditStep } from '../../ports/admin-audit.js';
import {
  deleteContactMessage,
  insertContactMessage,
  listContactMessages,
  markContactMessageHandled,
} from './contact.repository.js';

/** How long a request waits for the team's mail before it tells the sender it failed. */
export const CONTACT_MAIL_TIMEOUT_MS = 15_000;

export interface ContactDeps {
  db: Database;
  mail: Pick<Mailer, 'send'>;
  /** CONTACT_TO: where messages are mailed; empty: they are only stored. */
  contactTo: readonly string[];
  log: FastifyBaseLogger;
  /** Shorter in tests. */
  mailTimeoutMs?: number;
}

/** A message as the contract hands it over: trimmed, the e-mail lowercased. */
type ContactMessage = Pick<ContactRequest, 'name' | 'email' | 'message'> &
  Partial<Record<typeof CONTACT_HONEYPOT_FIELD, string>>;

export interface ContactSender {
  /** The signed-in reader who sent it, if any. */
  userId: string | undefined;
  /** The language of the page it came from. */
  language: Language;
}

/**
 * The contact page's messages (spec §2, §5, §8): each is stored, then mailed to CONTACT_TO with
 * the sender as Reply-To. A message whose mail fails is not kept (the sender is told to send it
 * again, and a second try leaves one copy, not two). A bot's message (the honeypot filled in)
 * gets the same answer, and nothing is stored or mailed.
 */
export class ContactService {
  constructor(private readonly deps: ContactDeps) {}

  /** Whether messages are mailed to the team, or only stored. */
  get mailsTheTeam(): boolean {
    return this.deps.contactTo.length > 0;
  }

  async send(message: ContactMessage, sender: ContactSender): Promise<void> {
    const { db, log } = this.deps;
    if ((message[CONTACT_HONEYPOT_FIELD] ?? '').trim() !== '') {
      log.info('contact message with the honeypot filled in: answered, neither stored nor mailed');
      return;
    }
    const id = await insertContactMessage(db, {
      userId: sender.userId ?? null,
      name: message.name,
      email: message.email,
      message: message.message,
      language: sender.language,
    });
    if (!this.mailsTheTeam) {
      log.info({ contactMessageId: id }, 'contact message stored (CONTACT_TO is unset: not mailed)');
      return;
    }
    try {
      await this.mailWithin(this.mailFor(message, sender));
    } catch (error) {
      log.error({ err: error, contactMessageId: id }, 'contact message not mailed: not kept');
      try {
        await deleteContactMessage(db, id);
      } catch (cleanup) {
        log.error(
          { err: cleanup, contactMessageId: id },
          'the unmailed contact message could not be removed',
        );
      }
      throw new AppError('CONTACT_NOT_SENT', 502);
    }
    log.info({ contactMessageId: id }, 'contact message stored and mailed');
  }

  /** The team's mail, in the sender's language (labels and all), which is the one to answer in. */
  private mailFor(message: ContactMessage, sender: ContactSender): MailMessage {
    const texts = translations[sender.language].contact.mail;
    // The name goes into a header: one line, whatever was typed.
    const name = message.name.replace(/\s+/g, ' ');
    const account = sender.userId ? fillTemplate(texts.signedIn, { userId: sender.userId }) : texts.signedOut;
    return {
      to: this.deps.contactTo.join(', '),
      subject: fillTemplate(texts.subject, { name }),
      text: fillTemplate(texts.body, {
        name,
        email: message.email,
        language: sender.language,
        account,
        message: message.message,
      }),
      replyTo: message.email,
    };
  }

  private async mailWithin(mail: MailMessage): Promise<void> {
    const timeoutMs = this.deps.mailTimeoutMs ?? CONTACT_MAIL_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer from the mail server in ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      await Promise.race([this.deps.mail.send(mail), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The admin's inbox. */
  inbox(): Promise<AdminContactMessage[]> {
    return listContactMessages(this.deps.db);
  }

  /** Marks a message handled, with the admin's audit row; 404 for no such message. */
  async markHandled(id: string, adminId: string, audit: AuditStep): Promise<AdminContactMessage> {
    const message = await this.deps.db.transaction(async (tx) => {
      const handled = await markContactMessageHandled(tx, id, adminId);
      if (handled) await audit(tx, handled.email);
      return handled;
    });
    if (!message) throw new AppError('NOT_FOUND', 404);
    return message;
  }
}
