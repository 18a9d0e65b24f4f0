import { consoleTexts } from '@summa/shared/i18n/admin-console';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';

// The 'console' namespace joins i18next when the admin screen's chunk loads this module, so no
// other screen carries these texts.
for (const [language, texts] of Object.entries(consoleTexts)) {
  if (!i18n.hasResourceBundle(language, 'console')) i18n.addResourceBundle(language, 'console', texts);
}

/** The admin console's texts. */
export function useConsoleTexts() {
  return useTranslation('console');
}
