import type { Language } from '@summa/shared/languages';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ISLAND_TEXTS_ID } from '../islands';
import { isRecord, pageLanguage } from './island-props';

let instance: typeof i18next | undefined;

/** i18next with the texts the prerender put in the page: its islands' only, in its language only. */
function pageI18n(language: Language): typeof i18next {
  if (instance) return instance;
  const raw = document.getElementById(ISLAND_TEXTS_ID)?.textContent ?? '{}';
  const parsed: unknown = JSON.parse(raw);
  instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { [language]: { translation: isRecord(parsed) ? parsed : {} } },
    lng: language,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/**
 * Brings one island to life: hydrates its server HTML, or, when the visitor already changed it
 * (`changed`: typed in it, picked a choice) before its script arrived, renders it anew from that state.
 */
export function mountIsland(element: HTMLElement, node: ReactNode, changed: boolean): void {
  const tree = <I18nextProvider i18n={pageI18n(pageLanguage())}>{node}</I18nextProvider>;
  if (changed) createRoot(element).render(tree);
  else hydrateRoot(element, tree);
}
