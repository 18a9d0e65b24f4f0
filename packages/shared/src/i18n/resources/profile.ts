import { defineMessages } from '../define-messages.js';
import en from '../locales/en/profile.json' with { type: 'json' };
import es from '../locales/es/profile.json' with { type: 'json' };
import pt from '../locales/pt/profile.json' with { type: 'json' };

/** The /profile page. */
export const profile = defineMessages({ pt, en, es });
