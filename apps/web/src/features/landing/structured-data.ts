import type { Language } from '@summa/shared/languages';

/** Languages as BCP 47 tags for hreflang and inLanguage (pt is Brazilian Portuguese). */
export const HREFLANG: Record<Language, string> = { pt: 'pt-BR', en: 'en', es: 'es' };

/** Open Graph locales; Spanish is the Latin-American variant. */
export const OG_LOCALE: Record<Language, string> = { pt: 'pt_BR', en: 'en_US', es: 'es_LA' };

/** Spec §9: the landing page's offer is free, priced in BRL (pt), EUR (es) and USD (en). */
export const OFFER_CURRENCY: Record<Language, string> = { pt: 'BRL', en: 'USD', es: 'EUR' };

/** The default language's page is the x-default alternate. */
export const DEFAULT_LANDING_LANGUAGE: Language = 'pt';

export function landingUrl(origin: string, language: Language): string {
  return `${origin}/${language}`;
}

interface WebApplicationInput {
  origin: string;
  language: Language;
  name: string;
  description: string;
}

/** schema.org WebApplication describing Summa for the landing page of one language. */
export function webApplicationJsonLd({ origin, language, name, description }: WebApplicationInput) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebApplication',
    name,
    description,
    url: landingUrl(origin, language),
    inLanguage: HREFLANG[language],
    applicationCategory: 'EducationalApplication',
    operatingSystem: 'Web',
    offers: {
      '@type': 'Offer',
      price: '0',
      priceCurrency: OFFER_CURRENCY[language],
    },
  };
}

/** JSON for a <script type="application/ld+json"> body; "<" is escaped so text cannot close the tag. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
