import { z } from 'zod';
import { timeZoneSchema } from './gamification.js';
import { mistake } from './mistake.js';
import { SAFE_TEXT_CHECK, text } from './text.js';

/** The weekdays a reminder may go out on, Monday first (ISO 8601). */
export const REMINDER_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type ReminderDay = (typeof REMINDER_DAYS)[number];

/** The time of day a new reminder proposes, local to the reader. */
export const DEFAULT_REMINDER_TIME = '19:00';

/** A local time of day, HH:MM on the 24-hour clock. */
export const reminderTimeSchema = text().regex(
  /^([01]\d|2[0-3]):[0-5]\d$/,
  mistake('settings.reminders.timeInvalid'),
);

/** The reader's daily reminder as they choose it in Settings (off by default). */
export const reminderSettingsSchema = z
  .object({
    enabled: z.boolean(),
    time: reminderTimeSchema,
    /** At least one day when enabled; each day once. */
    days: z
      .array(z.enum(REMINDER_DAYS))
      .max(REMINDER_DAYS.length)
      .refine((days) => new Set(days).size === days.length, mistake('settings.reminders.daysInvalid')),
    /** The IANA time zone the time is in (the browser's, unless the reader picks another). */
    timeZone: timeZoneSchema,
  })
  .refine((settings) => !settings.enabled || settings.days.length > 0, {
    message: mistake('settings.reminders.daysRequired'),
    path: ['days'],
  })
  .meta({ id: 'ReminderSettings' });
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** `GET /api/me/reminders`: the saved settings (timeZone null before the first save) and the push set-up. */
export const reminderStateSchema = z
  .object({
    enabled: z.boolean(),
    time: reminderTimeSchema,
    days: z.array(z.enum(REMINDER_DAYS)),
    timeZone: text().nullable(),
    /** How many of the reader's browsers get the reminder as a Web Push notification too. */
    pushSubscriptions: z.number().int().min(0),
  })
  .meta({ id: 'ReminderState' });
export type ReminderState = z.infer<typeof reminderStateSchema>;

/** `GET /api/reminders/push-key`: the server's VAPID public key, for `pushManager.subscribe`. */
export const pushKeySchema = z.object({ publicKey: text() }).meta({ id: 'PushKey' });
export type PushKey = z.infer<typeof pushKeySchema>;

/** Where a push service is reached: https, or a local test server on 127.0.0.1. */
const pushEndpointSchema = z
  .url({ protocol: /^https?$/ })
  .check(SAFE_TEXT_CHECK)
  .max(2_048)
  .refine(
    (value) => /^https:\/\//i.test(value) || /^http:\/\/127\.0\.0\.1(:\d+)?(\/|$)/i.test(value),
    'must be an https URL',
  );

/** A browser's PushSubscription as `toJSON()` gives it (the expiration time is not kept). */
export const pushSubscriptionSchema = z
  .object({
    endpoint: pushEndpointSchema,
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      p256dh: text()
        .min(1)
        .max(256)
        .regex(/^[A-Za-z0-9_-]+={0,2}$/),
      auth: text()
        .min(1)
        .max(64)
        .regex(/^[A-Za-z0-9_-]+={0,2}$/),
    }),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** `DELETE /api/me/push-subscriptions`: the browser's endpoint to stop pushing to. */
export const pushUnsubscribeSchema = z
  .object({ endpoint: pushEndpointSchema })
  .meta({ id: 'PushUnsubscribe' });

/** The signed token of an e-mail's unsubscribe link. */
export const reminderUnsubscribeQuerySchema = z.object({ token: text().min(1).max(200) });

/** The small page an unsubscribe link answers with. */
export const htmlPageSchema = text().meta({ format: 'html' });
