import { defineMessages } from '../define-messages.js';
import en from '../locales/en/admin.json' with { type: 'json' };
import es from '../locales/es/admin.json' with { type: 'json' };
import pt from '../locales/pt/admin.json' with { type: 'json' };

/** The admin screens' own texts (their headings live in `pages`). */
export const admin = defineMessages({ pt, en, es });
