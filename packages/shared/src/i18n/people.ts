import type { Language } from '../languages.js';
import type { SameKeys } from './define-messages.js';
import en from './locales/en/people.json' with { type: 'json' };
import es from './locales/es/people.json' with { type: 'json' };
import pt from './locales/pt/people.json' with { type: 'json' };

/**
 * The texts of the people's recommendations, the reading list and their curation: an i18next
 * namespace of its own ('people') that the screens showing them load with their chunk, so the
 * signed-in app's first screen does not carry them (the other areas are in `translations`).
 */
export type PeopleTexts = SameKeys<typeof pt>;

/**
 * The 'people' namespace in each language. No runtime import here: the chunks that load it share
 * nothing with the first screen's (define-messages' types say what defineMessages would check).
 */
export const peopleTexts: Record<Language, PeopleTexts> = { pt, en, es };
