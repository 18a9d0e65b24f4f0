import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { ModelStatusCard } from './model-status-card';

export function AdminPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.admin.title')} lead={t('pages.admin.lead')}>
      <ModelStatusCard />
    </Page>
  );
}
