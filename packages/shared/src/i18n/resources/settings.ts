import { defineMessages } from '../define-messages.js';
import en from '../locales/en/settings.json' with { type: 'json' };
import es from '../locales/es/settings.json' with { type: 'json' };
import pt from '../locales/pt/settings.json' with { type: 'json' };

/** The /settings page. */
export const settings = defineMessages({ pt, en, es });
