import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';

export function SettingsPage() {
  const { t } = useTranslation();
  return <Page title={t('pages.settings.title')} lead={t('pages.settings.lead')} />;
}
