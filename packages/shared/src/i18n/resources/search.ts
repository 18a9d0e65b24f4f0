import { defineMessages } from '../define-messages.js';
import en from '../locales/en/search.json' with { type: 'json' };
import es from '../locales/es/search.json' with { type: 'json' };
import pt from '../locales/pt/search.json' with { type: 'json' };

/** The home page's book search box, the book details dialog and the Explore catalogue screen. */
export const search = defineMessages({ pt, en, es });
