import { isLanguage, type Language } from '@summa/shared/languages';

// What an island reads from its page, without React: an island that renders nothing (the demo's
// sign-up) loads this, not the runtime.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The page's language, as the prerender wrote it on <html>. */
export function pageLanguage(): Language {
  const language = document.documentElement.dataset.language;
  return isLanguage(language) ? language : 'pt';
}

/** The language an island's props name, else the page's. */
export function islandLanguage(props: unknown): Language {
  return isRecord(props) && isLanguage(props.language) ? props.language : pageLanguage();
}
