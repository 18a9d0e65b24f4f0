import { LANGUAGES, type Language } from '@summa/shared/languages';
import { useTranslation } from 'react-i18next';
import { HREFLANG, OG_LOCALE } from '../lib/seo';
import { useSiteOrigin } from './site-origin';

interface PageMetaProps {
  language: Language;
  /** The page's path in each language: '/pt/faq'. */
  pathIn: (language: Language) => string;
  /** The path that picks the visitor's language itself, for x-default. */
  defaultPath: string;
  title: string;
  description: string;
}

/**
 * Canonical and alternate-language links with x-default, Open Graph and Twitter tags of a public
 * page in one language. React 19 hoists them into the document head (the prerender's too).
 */
export function PageMeta({ language, pathIn, defaultPath, title, description }: PageMetaProps) {
  const { t } = useTranslation();
  const origin = useSiteOrigin();
  const url = `${origin}${pathIn(language)}`;
  return (
    <>
      <link rel="canonical" href={url} />
      {LANGUAGES.map((alternate) => (
        <link
          key={alternate}
          rel="alternate"
          hrefLang={HREFLANG[alternate]}
          href={`${origin}${pathIn(alternate)}`}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${defaultPath}`} />
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
    </>
  );
}
