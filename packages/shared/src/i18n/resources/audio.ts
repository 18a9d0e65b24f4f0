import { defineMessages } from '../define-messages.js';
import en from '../locales/en/audio.json' with { type: 'json' };
import es from '../locales/es/audio.json' with { type: 'json' };
import pt from '../locales/pt/audio.json' with { type: 'json' };

/** The summary page's narration: the Listen button, the player, its errors and the plan's limit. */
export const audio = defineMessages({ pt, en, es });
