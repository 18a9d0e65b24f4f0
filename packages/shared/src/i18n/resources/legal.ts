import { defineMessages } from '../define-messages.js';
import en from '../locales/en/legal.json' with { type: 'json' };
import es from '../locales/es/legal.json' with { type: 'json' };
import pt from '../locales/pt/legal.json' with { type: 'json' };

/**
 * Terms of use and privacy policy. A section body may hold several paragraphs separated by a
 * blank line ("\n\n"); the page renders each one as its own paragraph.
 */
export const legal = defineMessages({ pt, en, es });
