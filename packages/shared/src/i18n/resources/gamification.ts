import { defineMessages } from '../define-messages.js';
import en from '../locales/en/gamification.json' with { type: 'json' };
import es from '../locales/es/gamification.json' with { type: 'json' };
import pt from '../locales/pt/gamification.json' with { type: 'json' };

/**
 * XP, levels and streaks wherever they show: header, toasts, the level-up notification, the
 * celebration. `header.streak_zero` exists because CLDR counts 0 as 'one' in Portuguese; i18next's
 * _zero form says 'dias'.
 */
export const gamification = defineMessages({ pt, en, es });
