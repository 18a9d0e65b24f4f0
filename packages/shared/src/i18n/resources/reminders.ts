import { defineMessages } from '../define-messages.js';
import en from '../locales/en/reminders.json' with { type: 'json' };
import es from '../locales/es/reminders.json' with { type: 'json' };
import pt from '../locales/pt/reminders.json' with { type: 'json' };

/** The daily reminder as it reaches the reader: its e-mail, its notification and its unsubscribe page. */
export const reminders = defineMessages({ pt, en, es });
