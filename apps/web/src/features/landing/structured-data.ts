import type { Language } from '@summa/shared/languages';
import { HREFLANG } from '../../lib/seo';

/** Spec §9: the landing page's offer is free, priced in BRL (pt), EUR (es) and USD (en). */
export const OFFER_CURRENCY: Record<Language, string> = { pt: 'BRL', en: 'USD', es: 'EUR' };

/** The default language's page is the x-default alternate. */
export const DEFAULT_LANDING_LANGUAGE: Language = 'pt';

export function landingPath(language: Language): string {
  return `/${language}`;
}

export function landingUrl(origin: string, language: Language): string {
  return `${origin}${landingPath(language)}`;
}

interface WebApplicationInput {
  origin: string;
  language: Language;
  name: string;
  description: string;
}

/**
 * schema.org WebApplication (a SoftwareApplication for the web) describing Summa for the landing
 * page of one language, free, in that language's currency.
 */
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
