import type { Language } from '../languages.js';
import type { SameKeys } from './define-messages.js';
import en from './locales/en/admin-console.json' with { type: 'json' };
import es from './locales/es/admin-console.json' with { type: 'json' };
import pt from './locales/pt/admin-console.json' with { type: 'json' };

/**
 * The admin console's texts (ADR 0030): an i18next namespace of its own ('console') that the
 * admin screen loads with its chunk, so no other screen carries them (like 'people').
 */
export type ConsoleTexts = SameKeys<typeof pt>;

/** The 'console' namespace in each language. */
export const consoleTexts: Record<Language, ConsoleTexts> = { pt, en, es };
