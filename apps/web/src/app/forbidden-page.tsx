import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';

/** What a signed-in user without the admin role sees on an admin screen (HTTP 403's page). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('auth.forbidden.title')} lead={t('auth.forbidden.lead')}>
      <meta name="robots" content="noindex" />
      <Button asChild>
        <Link to="/home">{t('auth.forbidden.backHome')}</Link>
      </Button>
    </Page>
  );
}
