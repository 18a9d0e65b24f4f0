import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.notFound.title')} lead={t('pages.notFound.lead')}>
      <meta name="robots" content="noindex" />
      <Button asChild>
        <Link to="/">{t('pages.notFound.backHome')}</Link>
      </Button>
    </Page>
  );
}
