import { peopleTexts } from '@summa/shared/i18n/people';
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';

// The 'people' namespace joins i18next when a screen that shows it loads this module (its chunk),
// so the signed-in app's first screen does not carry these texts.
for (const [language, texts] of Object.entries(peopleTexts)) {
  if (!i18n.hasResourceBundle(language, 'people')) i18n.addResourceBundle(language, 'people', texts);
}

/** The texts of people's recommendations, the reading list and their curation. */
export function usePeopleTexts() {
  return useTranslation('people');
}
