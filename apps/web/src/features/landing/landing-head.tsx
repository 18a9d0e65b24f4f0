import { LANGUAGES, type Language } from '@summa/shared/languages';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LANDING_LANGUAGE,
  HREFLANG,
  OG_LOCALE,
  landingUrl,
  serializeJsonLd,
  webApplicationJsonLd,
} from './structured-data';

/**
 * Title, description, canonical and alternate-language links, social-sharing tags and
 * structured data. React 19 hoists <title>, <meta> and <link> into the document head.
 */
export function LandingHead({ language }: { language: Language }) {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const url = landingUrl(origin, language);
  const title = t('landing.meta.title');
  const description = t('landing.meta.description');
  const jsonLd = webApplicationJsonLd({ origin, language, name: t('common.appName'), description });

  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {LANGUAGES.map((alternate) => (
        <link
          key={alternate}
          rel="alternate"
          hrefLang={HREFLANG[alternate]}
          href={landingUrl(origin, alternate)}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={landingUrl(origin, DEFAULT_LANDING_LANGUAGE)} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={t('common.appName')} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={OG_LOCALE[language]} />
      {LANGUAGES.filter((other) => other !== language).map((other) => (
        <meta key={other} property="og:locale:alternate" content={OG_LOCALE[other]} />
      ))}
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <script type="application/ld+json">{serializeJsonLd(jsonLd)}</script>
    </>
  );
}
