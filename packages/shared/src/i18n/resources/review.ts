import { defineMessages } from '../define-messages.js';
import en from '../locales/en/review.json' with { type: 'json' };
import es from '../locales/es/review.json' with { type: 'json' };
import pt from '../locales/pt/review.json' with { type: 'json' };

/**
 * The daily review (/review). `prompt` is asked in the card's own language (the summary's), so
 * the page reads it with that language, whatever the interface's.
 */
export const review = defineMessages({ pt, en, es });
