import type { Language } from '@summa/shared/languages';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../components/page-meta';
import { useSiteOrigin } from '../../components/site-origin';
import { serializeJsonLd } from '../../lib/seo';
import { DEFAULT_LANDING_LANGUAGE, landingPath, webApplicationJsonLd } from './structured-data';

/**
 * Title, description, canonical and alternate-language links, social-sharing tags and
 * structured data. React 19 hoists <title>, <meta> and <link> into the document head.
 */
export function LandingHead({ language }: { language: Language }) {
  const { t } = useTranslation();
  const origin = useSiteOrigin();
  const title = t('landing.meta.title');
  const description = t('landing.meta.description');
  const jsonLd = webApplicationJsonLd({ origin, language, name: t('common.appName'), description });
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <PageMeta
        language={language}
        pathIn={landingPath}
        defaultPath={landingPath(DEFAULT_LANDING_LANGUAGE)}
        title={title}
        description={description}
      />
      <script type="application/ld+json">{serializeJsonLd(jsonLd)}</script>
    </>
  );
}
