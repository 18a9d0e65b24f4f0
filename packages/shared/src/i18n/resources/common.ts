import { defineMessages } from '../define-messages.js';
import en from '../locales/en/common.json' with { type: 'json' };
import es from '../locales/es/common.json' with { type: 'json' };
import pt from '../locales/pt/common.json' with { type: 'json' };

/** Each language by its own name, the same in every interface language. */
const LANGUAGE_NAMES = { pt: 'Português', en: 'English', es: 'Español' } as const;

/**
 * Texts every screen shares: header and footer, navigation, the language and theme switches,
 * toasts. The language button's name (`language.current`) starts with its visible text's meaning
 * and contains that text (WCAG 2.5.3).
 */
export const common = defineMessages({
  pt: { ...pt, language: { ...pt.language, ...LANGUAGE_NAMES } },
  en: { ...en, language: { ...en.language, ...LANGUAGE_NAMES } },
  es: { ...es, language: { ...es.language, ...LANGUAGE_NAMES } },
});
