import { defineMessages } from '../define-messages.js';
import en from '../locales/en/plans.json' with { type: 'json' };
import es from '../locales/es/plans.json' with { type: 'json' };
import pt from '../locales/pt/plans.json' with { type: 'json' };

/**
 * /plans and /premium-welcome. The plans' names, features, periods and guarantee are the landing's
 * (landing.pricing), so both screens say the same.
 */
export const plans = defineMessages({ pt, en, es });
