import type { AppTranslationResource } from '@summa/shared/i18n/app';
import type { TranslationResource } from '@summa/shared/i18n';
import { LANGUAGES, type Language } from '@summa/shared/languages';
import { useTranslation } from 'react-i18next';

/** The areas of text one page uses alone (not the server's mail). */
type PageArea = Exclude<keyof TranslationResource, keyof AppTranslationResource | 'authMail'>;

/**
 * Gives the page's i18next the texts of an area only this page uses (the FAQ's, terms and
 * privacy's, contact's): they travel in the page's chunk, not in the app's first screen
 * (packages/shared app-texts.ts). Call it first thing in the page's component; the prerender's
 * and the tests' i18next already have every area, and then nothing is added.
 */
export function usePageTexts<A extends PageArea>(
  area: A,
  texts: Record<Language, TranslationResource[A]>,
): void {
  const { i18n } = useTranslation();
  for (const language of LANGUAGES) {
    if (i18n.getResource(language, 'translation', area) === undefined) {
      i18n.addResourceBundle(language, 'translation', { [area]: texts[language] }, true);
    }
  }
}
