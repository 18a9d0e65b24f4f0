import type { Language } from '@summa/shared/languages';

/** Languages as BCP 47 tags for hreflang and inLanguage (pt is Brazilian Portuguese). */
export const HREFLANG: Record<Language, string> = { pt: 'pt-BR', en: 'en', es: 'es' };

/** Open Graph locales; Spanish is the Latin-American variant. */
export const OG_LOCALE: Record<Language, string> = { pt: 'pt_BR', en: 'en_US', es: 'es_LA' };

/** JSON for a <script type="application/ld+json"> body; "<" is escaped so text cannot close the tag. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
