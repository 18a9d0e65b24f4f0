import { defineMessages } from '../define-messages.js';
import en from '../locales/en/auth.json' with { type: 'json' };
import es from '../locales/es/auth.json' with { type: 'json' };
import pt from '../locales/pt/auth.json' with { type: 'json' };

/** The auth page, password recovery and reset, the welcome page and the access-denied page. */
export const auth = defineMessages({ pt, en, es });
