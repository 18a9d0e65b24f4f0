import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@summa/shared/languages';
import { useTranslation } from 'react-i18next';

/**
 * The interface language of the i18next instance in context, re-rendering when it changes: the
 * app's (lib/i18n.ts) or the prerender's, which has no browser to detect a language from.
 */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
