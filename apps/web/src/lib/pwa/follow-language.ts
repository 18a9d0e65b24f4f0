import { isLanguage } from '@summa/shared/languages';
import { i18n } from '../i18n';
import { manifestPath } from './manifest-path';

/**
 * The page's manifest link follows the interface language, so that installing the app installs it
 * in the language the reader reads it in (its name, description and start page).
 */
export function manifestFollowsLanguage(): void {
  const follow = (language: string) => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (link && isLanguage(language)) link.href = manifestPath(language);
  };
  follow(i18n.language);
  i18n.on('languageChanged', follow);
}
