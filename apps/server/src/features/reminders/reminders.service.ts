import {
  DEFAULT_REMINDER_TIME,
  fillTemplate,
  REMINDER_DAYS,
  translations,
  type Language,
  type PushSubscriptionInput,
  type ReminderSettings,
  type ReminderState,
} from '@summa/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { NextBook, SuggestedBook } from '../../ports/next-book.js';
import type { ReaderStreaks } from '../../ports/reader-streaks.js';
import type { MailMessage } from '../../providers/mail/mail-provider.js';
import type { PushSender } from '../../providers/push/push-sender.js';
import { daysMask, daysOf, dueReminder, minuteOf, timeOf } from './reminder-schedule.js';
import {
  claimReminder,
  deletePushSubscription,
  disableReminder,
  enabledReminders,
  findRecipient,
  findReminder,
  forgetPushSubscription,
  isClaimed,
  markSent,
  pushSubscriptionsOf,
  savePushSubscription,
  saveReminder,
} from './reminders.repository.js';
import type { UnsubscribeTokens } from './unsubscribe-token.js';

export interface RemindersDeps {
  db: Database;
  log: FastifyBaseLogger;
  mail: { send(message: MailMessage): Promise<void> };
  push: PushSender;
  streaks: ReaderStreaks;
  nextBook: NextBook;
  tokens: UnsubscribeTokens;
  /** PUBLIC_URL, else this server: the base of the e-mail's links. */
  baseUrl: () => string;
  /** The clock the tick reads (tests move it). */
  now?: () => Date;
}

/** What one tick did, for the log and the tests. */
export interface TickOutcome {
  /** Reminders sent (claimed by this tick and mailed). */
  sent: number;
  /** Due reminders left out: the reader had read that day, or another worker had claimed it. */
  skipped: number;
  /** Claimed reminders whose e-mail failed: never retried (at most once). */
  failed: number;
}

/**
 * The daily reminders (issue 27, ADR 0035): a reader's settings, their browsers' push
 * subscriptions, the e-mail's unsubscribe link, and the tick that the queue's schedule runs every
 * minute on one worker of the cluster.
 */
export class RemindersService {
  private readonly now: () => Date;

  constructor(private readonly deps: RemindersDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async state(userId: string): Promise<ReminderState> {
    const { reminder, pushSubscriptions } = await findReminder(this.deps.db, userId);
    return {
      enabled: reminder?.enabled ?? false,
      time: reminder ? timeOf(reminder.minute) : DEFAULT_REMINDER_TIME,
      days: reminder ? daysOf(reminder.days) : [...REMINDER_DAYS],
      timeZone: reminder?.timeZone ?? null,
      pushSubscriptions,
    };
  }

  async save(userId: string, settings: ReminderSettings): Promise<ReminderState> {
    await saveReminder(this.deps.db, userId, {
      enabled: settings.enabled,
      minute: minuteOf(settings.time),
      days: daysMask(settings.days),
      timeZone: settings.timeZone,
    });
    return this.state(userId);
  }

  pushKey(): { publicKey: string } {
    return { publicKey: this.deps.push.vapid.publicKey };
  }

  async subscribePush(userId: string, subscription: PushSubscriptionInput): Promise<void> {
    await savePushSubscription(this.deps.db, userId, {
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    });
  }

  /** 404 when the endpoint is not one of the reader's subscriptions. */
  async unsubscribePush(userId: string, endpoint: string): Promise<void> {
    if (!(await deletePushSubscription(this.deps.db, userId, endpoint))) throw new AppError('NOT_FOUND', 404);
  }

  /** The reader an unsubscribe link names; 400 INVALID_TOKEN for a link this server did not sign. */
  readerOf(token: string): string {
    const userId = this.deps.tokens.verify(token);
    if (!userId) throw new AppError('INVALID_TOKEN', 400);
    return userId;
  }

  /** An e-mail's one-click unsubscribe: the reminder goes off, whoever clicks (no session). */
  async unsubscribe(token: string): Promise<void> {
    await disableReminder(this.deps.db, this.readerOf(token));
  }

  /**
   * One tick: every reminder due now (its time passed less than REMINDER_WINDOW_MINUTES ago, on
   * one of its days, in its time zone) whose reader has not read that day is claimed, then sent.
   * Claims make it once per reader and local day whatever runs the tick (two workers, a retry).
   */
  async tick(): Promise<TickOutcome> {
    const now = this.now();
    const outcome: TickOutcome = { sent: 0, skipped: 0, failed: 0 };
    for (const reminder of await enabledReminders(this.deps.db)) {
      const due = dueReminder(reminder, now);
      if (!due) continue;
      const result = await this.remind(reminder.userId, reminder.timeZone, due.localDate, now);
      outcome[result] += 1;
    }
    if (outcome.sent + outcome.failed > 0) this.deps.log.info({ ...outcome }, 'daily reminders sent');
    return outcome;
  }

  private async remind(
    userId: string,
    timeZone: string,
    localDate: string,
    now: Date,
  ): Promise<keyof TickOutcome> {
    const { db, log } = this.deps;
    if (await isClaimed(db, userId, localDate)) return 'skipped';
    const streak = await this.deps.streaks.streakAt(userId, timeZone, now);
    if (streak.today) return 'skipped';
    const recipient = await findRecipient(db, userId);
    if (!recipient) return 'skipped';
    if (!(await claimReminder(db, userId, localDate))) return 'skipped';
    // Claimed: from here on this reminder is this tick's, sent once or not at all.
    const book = await this.deps.nextBook.suggest(userId, recipient.language).catch((error: unknown) => {
      log.warn({ err: error, userId }, 'no book to suggest in a reminder');
      return undefined;
    });
    try {
      await this.deps.mail.send(this.message(userId, recipient, streak.current, book));
    } catch (error) {
      log.error({ err: error, userId, localDate }, 'a reminder e-mail could not be sent');
      return 'failed';
    }
    await this.pushTo(userId, recipient.language, streak.current, book);
    await markSent(db, userId, localDate);
    return 'sent';
  }

  private bookLink(book: SuggestedBook | undefined): string {
    return `${this.deps.baseUrl()}${book?.summaryId ? `/summary/${book.summaryId}` : '/home'}`;
  }

  private message(
    userId: string,
    recipient: { email: string; fullName: string; language: Language },
    streak: number,
    book: SuggestedBook | undefined,
  ): MailMessage {
    const texts = translations[recipient.language].reminders.mail;
    const unsubscribe = `${this.deps.baseUrl()}/api/reminders/unsubscribe?token=${encodeURIComponent(
      this.deps.tokens.sign(userId),
    )}`;
    return {
      to: recipient.email,
      subject: texts.subject,
      text: fillTemplate(texts.body, {
        name: recipient.fullName,
        streak: streak > 0 ? fillTemplate(texts.streak, { count: streak }) : texts.noStreak,
        suggestion: book ? fillTemplate(texts.suggestion, { title: book.title, author: book.author }) : '',
        open: fillTemplate(texts.open, { link: this.bookLink(book) }),
        unsubscribe,
      }).replace(/\n{3,}/g, '\n\n'),
      // RFC 2369 and RFC 8058: mail clients offer their own unsubscribe button, which POSTs.
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  /** The notification to each of the reader's browsers; a subscription its service says is gone is forgotten. */
  private async pushTo(
    userId: string,
    language: Language,
    streak: number,
    book: SuggestedBook | undefined,
  ): Promise<void> {
    const { db, log } = this.deps;
    const targets = await pushSubscriptionsOf(db, userId);
    if (targets.length === 0) return;
    const texts = translations[language].reminders.push;
    let body = texts.plain;
    if (book)
      body = fillTemplate(streak > 0 ? texts.streak : texts.noStreak, { count: streak, title: book.title });
    const payload = JSON.stringify({
      title: texts.title,
      body,
      url: this.bookLink(book),
      tag: 'summa-reminder',
    });
    for (const target of targets) {
      try {
        if ((await this.deps.push.send(target, payload)) === 'gone')
          await forgetPushSubscription(db, target.id);
      } catch (error) {
        log.warn({ err: error, userId }, 'a reminder notification could not be sent');
      }
    }
  }
}
