import { defineMessages } from '../define-messages.js';
import en from '../locales/en/ranking.json' with { type: 'json' };
import es from '../locales/es/ranking.json' with { type: 'json' };
import pt from '../locales/pt/ranking.json' with { type: 'json' };

/** The /ranking page. */
export const ranking = defineMessages({ pt, en, es });
