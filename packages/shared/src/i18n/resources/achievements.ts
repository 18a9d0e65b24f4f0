import { defineMessages } from '../define-messages.js';
import en from '../locales/en/achievements.json' with { type: 'json' };
import es from '../locales/es/achievements.json' with { type: 'json' };
import pt from '../locales/pt/achievements.json' with { type: 'json' };

/** The achievements: each one's title and description, and the /achievements page. */
export const achievements = defineMessages({ pt, en, es });
