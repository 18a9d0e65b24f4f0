import { defineMessages } from '../define-messages.js';
import en from '../locales/en/summary.json' with { type: 'json' };
import es from '../locales/es/summary.json' with { type: 'json' };
import pt from '../locales/pt/summary.json' with { type: 'json' };

/**
 * The summary page: its sections, actions (copy, share, PDF), related books and feedback.
 * `pdfDocument` is the exported PDF, written by the server in the summary's language.
 */
export const summary = defineMessages({ pt, en, es });
