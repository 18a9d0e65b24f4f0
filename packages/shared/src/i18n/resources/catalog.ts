import { defineMessages } from '../define-messages.js';
import en from '../locales/en/catalog.json' with { type: 'json' };
import es from '../locales/es/catalog.json' with { type: 'json' };
import pt from '../locales/pt/catalog.json' with { type: 'json' };

/** Display names of the catalogue's categories, levels, badges and sort orders. */
export const catalog = defineMessages({ pt, en, es });
