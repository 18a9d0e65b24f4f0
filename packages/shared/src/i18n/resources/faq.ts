import { defineMessages } from '../define-messages.js';
import en from '../locales/en/faq.json' with { type: 'json' };
import es from '../locales/es/faq.json' with { type: 'json' };
import pt from '../locales/pt/faq.json' with { type: 'json' };

/** The FAQ page: search, empty state and the 15 questions (spec §2, "FAQ: search, 15 questions"). */
export const faq = defineMessages({ pt, en, es });
