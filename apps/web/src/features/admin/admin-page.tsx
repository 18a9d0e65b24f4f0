import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';

export function AdminPage() {
  const { t } = useTranslation();
  return <Page title={t('pages.admin.title')} lead={t('pages.admin.lead')} />;
}
