import type { Language } from '@summa/shared/languages';

/** The web app manifest of each interface language (written by the build: vite.config.ts). */
export function manifestPath(language: Language): string {
  return `/manifest.${language}.webmanifest`;
}
