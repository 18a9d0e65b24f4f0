import { z } from 'zod';
import { emailSchema } from './auth.js';
import { mistake } from './mistake.js';
import { text } from './text.js';

export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
/** The honeypot's name: a field people never see and bots fill in (see `contactRequestSchema`). */
export const CONTACT_HONEYPOT_FIELD = 'website';

/**
 * POST /api/contact (spec §3 contact message: name, email, message; §5: all fields required).
 * Anyone may write, signed in or not; a signed-in sender's message is kept with their account.
 * `website` is the honeypot: hidden from people, so a message that fills it is a bot's and is
 * answered as if sent, but neither stored nor mailed.
 */
export const contactRequestSchema = z
  .object({
    name: text()
      .trim()
      .min(1, { error: mistake('contact.validation.required'), abort: true })
      .max(CONTACT_NAME_MAX_LENGTH, mistake('contact.validation.nameTooLong')),
    email: emailSchema,
    message: text()
      .trim()
      .min(1, { error: mistake('contact.validation.required'), abort: true })
      .min(CONTACT_MESSAGE_MIN_LENGTH, mistake('contact.validation.messageTooShort'))
      .max(CONTACT_MESSAGE_MAX_LENGTH, mistake('contact.validation.messageTooLong')),
    [CONTACT_HONEYPOT_FIELD]: text().max(500).optional(),
  })
  .meta({ id: 'ContactRequest' });
export type ContactRequest = z.input<typeof contactRequestSchema>;

/** 202: the message reached the team (or, for a bot, looks as if it did). */
export const contactReceivedSchema = z.object({ received: z.literal(true) }).meta({ id: 'ContactReceived' });
export type ContactReceived = z.infer<typeof contactReceivedSchema>;
