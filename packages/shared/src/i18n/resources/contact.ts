import { defineMessages } from '../define-messages.js';
import en from '../locales/en/contact.json' with { type: 'json' };
import es from '../locales/es/contact.json' with { type: 'json' };
import pt from '../locales/pt/contact.json' with { type: 'json' };

/** The contact page (spec §2, §5, §8) and the mail it sends to the team (CONTACT_TO). */
export const contact = defineMessages({ pt, en, es });
