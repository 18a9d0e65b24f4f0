import { defineMessages } from '../define-messages.js';
import en from '../locales/en/history.json' with { type: 'json' };
import es from '../locales/es/history.json' with { type: 'json' };
import pt from '../locales/pt/history.json' with { type: 'json' };

/** The history page: the reader's summaries, newest first, with search and the free plan's cut. */
export const history = defineMessages({ pt, en, es });
