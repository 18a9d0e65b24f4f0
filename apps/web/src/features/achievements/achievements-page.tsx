import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';

export function AchievementsPage() {
  const { t } = useTranslation();
  return <Page title={t('pages.achievements.title')} lead={t('pages.achievements.lead')} />;
}
