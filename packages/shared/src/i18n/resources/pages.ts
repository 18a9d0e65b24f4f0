import { defineMessages } from '../define-messages.js';
import en from '../locales/en/pages.json' with { type: 'json' };
import es from '../locales/es/pages.json' with { type: 'json' };
import pt from '../locales/pt/pages.json' with { type: 'json' };

/**
 * The heading and lead line of every screen, shown in its <h1> and document title; public pages
 * that search engines list also carry a meta description.
 */
export const pages = defineMessages({ pt, en, es });
