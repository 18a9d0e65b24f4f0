import { defineMessages } from '../define-messages.js';
import en from '../locales/en/landing.json' with { type: 'json' };
import es from '../locales/es/landing.json' with { type: 'json' };
import pt from '../locales/pt/landing.json' with { type: 'json' };

/** The public landing page at /pt, /en and /es (spec §2, "Landing page"). */
export const landing = defineMessages({ pt, en, es });
