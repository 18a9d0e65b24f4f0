import { defineMessages } from '../define-messages.js';
import en from '../locales/en/errors.json' with { type: 'json' };
import es from '../locales/es/errors.json' with { type: 'json' };
import pt from '../locales/pt/errors.json' with { type: 'json' };

/** One message per API error code (see `ERROR_CODES`); the server answers in the caller's language. */
export const errors = defineMessages({ pt, en, es });
