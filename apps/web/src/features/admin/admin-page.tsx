import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { ModelStatusCard } from './model-status-card';
import { PremiumGrantsCard } from './premium-grants-card';

export function AdminPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.admin.title')} lead={t('pages.admin.lead')}>
      <div className="flex flex-col gap-6">
        <ModelStatusCard />
        <PremiumGrantsCard />
      </div>
    </Page>
  );
}
