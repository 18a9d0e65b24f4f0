import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TranslationResource } from '@summa/shared/i18n';
import { appTranslations } from '@summa/shared/i18n/app';
import type { ConsoleTexts } from '@summa/shared/i18n/admin-console';
import type { PeopleTexts } from '@summa/shared/i18n/people';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  languageFromTag,
  type Language,
} from '@summa/shared/languages';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /**
     * 'people' is loaded with the screens that show it (lib/people-texts.ts), 'console' with the
     * admin console (features/admin/console-texts.ts).
     */
    resources: { translation: TranslationResource; people: PeopleTexts; console: ConsoleTexts };
  }
}

const HTML_LANG: Record<Language, string> = { pt: 'pt-BR', en: 'en', es: 'es' };

/** The language the reader chose on this device before, if any. */
export function storedLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Spec §1: the stored choice, else the browser language when supported, else pt. */
export function detectLanguage(): Language {
  return storedLanguage() ?? languageFromTag(navigator.language) ?? DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers it for the next visit. */
export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or full storage: the choice still applies to this visit.
  }
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  if (isLanguage(language)) document.documentElement.lang = HTML_LANG[language];
});

void i18n.use(initReactI18next).init({
  // The first screen's texts; a page's own area comes with its chunk (page-texts.ts).
  resources: {
    pt: { translation: appTranslations.pt },
    en: { translation: appTranslations.en },
    es: { translation: appTranslations.es },
  },
  lng: detectLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['pt', 'en', 'es'],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export { i18n };
