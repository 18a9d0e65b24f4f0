import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';

export function ProfilePage() {
  const { t } = useTranslation();
  return <Page title={t('pages.profile.title')} lead={t('pages.profile.lead')} />;
}
