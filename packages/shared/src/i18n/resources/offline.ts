import { defineMessages } from '../define-messages.js';
import en from '../locales/en/offline.json' with { type: 'json' };
import es from '../locales/es/offline.json' with { type: 'json' };
import pt from '../locales/pt/offline.json' with { type: 'json' };

/**
 * The installed app and its offline copies (ADR 0036): the offline notice, 'Keep offline' on a
 * summary, the 'On this device' list, the new version's prompt and the manifest's description.
 */
export const offline = defineMessages({ pt, en, es });
